import { themeCatalog } from '@quizbeam/themes/themeCatalog';

type Theme = ReturnType<typeof themeCatalog>[number];
const DESIGN_CHOICES = ['layout', 'buttonShape', 'answerStyle', 'palette'] as const;

/**
 * The fewest themes (in catalog order, greedily) that between them make every design choice a theme can make:
 * each layout, button shape, answer style and palette at least once. A theme's CSS is made of those parts, so
 * a screen that is right in these is right in the parts every other theme combines; the colours of each
 * theme's own pairs are checked for all of them by the themes package's contrast test.
 */
export function themesCoveringEveryDesignChoice(): Theme[] {
  const catalog = themeCatalog();
  const missing = new Set(
    catalog.flatMap((theme) => DESIGN_CHOICES.map((choice) => `${choice}:${theme.design[choice]}`)),
  );
  const chosen: Theme[] = [];
  while (missing.size > 0) {
    const covers = (theme: Theme) =>
      DESIGN_CHOICES.filter((choice) => missing.has(`${choice}:${theme.design[choice]}`)).length;
    const best = catalog.reduce((a, b) => (covers(b) > covers(a) ? b : a));
    chosen.push(best);
    for (const choice of DESIGN_CHOICES) missing.delete(`${choice}:${best.design[choice]}`);
  }
  return chosen;
}
