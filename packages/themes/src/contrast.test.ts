import { AA_TEXT_CONTRAST, contrastRatio, parseColor } from '@quizbeam/contracts/colorValue';
import { describe, expect, it } from 'vitest';
import { type AnswerFace, answerFaces, type FaceBackground } from './answerStyles';
import { themeCatalog } from './themeCatalog';
import { colorText, errorColor, flatten, mixColors, roleColor, textBackdrops } from './themeColors';
import type { ThemeDefinition } from './themeDefinition';

interface Pair {
  what: string;
  foreground: string;
  background: string;
}

/** Where an answer face's colour comes from, resolved to the colours a browser ends up painting. */
function faceBackgrounds(theme: ThemeDefinition, background: FaceBackground): string[] {
  const backdrops = textBackdrops(theme);
  if (background === 'none') return backdrops;
  const colour =
    'role' in background
      ? roleColor(theme, background.role)
      : colorText(
          mixColors(roleColor(theme, background.mix), roleColor(theme, background.into), background.percent),
        );
  // A translucent result (a mix into an embed's transparent page) shows whatever lies beneath it.
  return parseColor(colour).a < 1 ? backdrops.map((backdrop) => flatten(colour, backdrop)) : [colour];
}

const faceName = (face: AnswerFace) => (face.part === '::before' ? 'answer letter' : `answer${face.part}`);

/** Every text-over-background pair the theme's defaults produce, derived from its data. */
function contrastPairs(theme: ThemeDefinition): Pair[] {
  const { defaults } = theme;
  const pairs: Pair[] = [];
  const backdrops = textBackdrops(theme);
  for (const backdrop of backdrops) {
    pairs.push({ what: 'body text', foreground: defaults.textColor, background: backdrop });
    // The data-usage note is drawn at 85% opacity.
    pairs.push({
      what: 'note text',
      foreground: flatten(colorText({ ...parseColor(defaults.textColor), a: 0.85 }), backdrop),
      background: backdrop,
    });
    pairs.push({ what: 'form error', foreground: errorColor(theme), background: backdrop });
  }
  for (const face of answerFaces(theme.design.answerStyle)) {
    for (const background of faceBackgrounds(theme, face.background)) {
      pairs.push({ what: faceName(face), foreground: roleColor(theme, face.text), background });
    }
  }
  pairs.push({
    what: 'button',
    foreground: defaults.buttonTextColor,
    background: defaults.buttonBackgroundColor,
  });
  pairs.push({ what: 'CTA', foreground: defaults.ctaTextColor, background: defaults.ctaBackgroundColor });
  return pairs;
}

describe('every theme reads well in its defaults (WCAG 2.2 AA, 4.5:1)', () => {
  it.each(themeCatalog().map((theme) => [theme.id, theme] as const))('%s', (_id, theme) => {
    const failures = contrastPairs(theme)
      .map((pair) => ({
        ...pair,
        ratio: Math.round(contrastRatio(pair.foreground, pair.background) * 100) / 100,
      }))
      .filter((pair) => pair.ratio < AA_TEXT_CONTRAST);
    expect(failures).toEqual([]);
  });

  it('outlines outlined answers at 3:1 or more (WCAG 1.4.11: the border is all that marks the button)', () => {
    for (const theme of themeCatalog().filter((each) => each.design.answerStyle === 'outline')) {
      for (const backdrop of textBackdrops(theme)) {
        expect(
          contrastRatio(theme.defaults.buttonBackgroundColor, backdrop),
          theme.id,
        ).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('checks text over the art of full-bleed themes and over a photo panel', () => {
    const fullBleed = themeCatalog().find(
      (theme) => theme.design.layout === 'full-bleed' && theme.design.art.colors.length > 0,
    );
    expect(fullBleed).toBeDefined();
    const backdrops = fullBleed ? textBackdrops(fullBleed) : [];
    for (const colour of fullBleed?.design.art.colors ?? []) expect(backdrops).toContain(colour);
    expect(backdrops.length).toBe(1 + (fullBleed?.design.art.colors.length ?? 0) + 2);
  });

  it('would catch a theme whose button text disappears into its background', () => {
    const [first] = themeCatalog();
    if (!first) throw new Error('empty catalog');
    const broken: ThemeDefinition = {
      ...first,
      defaults: { ...first.defaults, buttonTextColor: first.defaults.buttonBackgroundColor },
    };
    expect(
      contrastPairs(broken).some(
        (pair) =>
          pair.what === 'button' && contrastRatio(pair.foreground, pair.background) < AA_TEXT_CONTRAST,
      ),
    ).toBe(true);
  });
});
