// @vitest-environment node
import { gzipSync } from 'node:zlib';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { VISITOR_LANGUAGES, type VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { everyTypeQuiz } from '@quizbeam/player/testing/everyTypeQuiz';
import { describe, expect, it } from 'vitest';
import { renderedPage } from '../../../testing/renderedPages';
import { petQuiz } from '../../../testing/sampleQuizzes';

const KB = 1024;
const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;

/** Every part of the capture form on: the most texts a page can carry. */
const withFullForm = (quiz: Quiz): Quiz => ({
  ...quiz,
  leadCaptureSettings: {
    ...quiz.leadCaptureSettings,
    enabled: true,
    skippable: true,
    captureName: true,
    useConfirmationCheckbox: true,
    privacyPolicyUrl: 'https://example.com/privacy',
    fields: [
      {
        id: 'f1',
        key: 'company',
        kind: 'choice',
        label: 'Company size',
        required: true,
        choices: ['1', '2'],
      },
      { id: 'f2', key: 'terms', kind: 'checkbox', label: 'Terms', required: true },
    ],
  },
});

/** What the language's texts add to the page as it is served (compressed whole, texts and all). */
function textsCost(quiz: Quiz, code: VisitorLanguage): number {
  const page = renderedPage({ ...quiz, language: { code, useBrowserLanguage: false } });
  const withoutTexts = page.replace(/"texts":\{.*?\},"pageUrl"/s, '"texts":{},"pageUrl"');
  expect(withoutTexts).not.toBe(page);
  return gzipSize(page) - gzipSize(withoutTexts);
}

/*
 * A quiz's page brings one build of the player and its language's texts. The player's budgets were 10 KB
 * gzip (single choices) and 12 KB (every type); a language may add 1 KB. An embedding page also loads the
 * embed script first, budgeted on its own (1.5 KB, apps/player/src/embedSize.test.ts).
 */
describe('what a visitor downloads in each language', () => {
  it('adds at most 1 KB gzip of texts to a page, and the page’s player and texts stay within 11 and 13 KB', async () => {
    const { player, playerAll } = await buildPlayerAssets();
    const everyType = withFullForm(everyTypeQuiz().quiz);
    const singles = withFullForm(petQuiz().quiz);
    const costs: Record<string, number> = {};
    for (const code of VISITOR_LANGUAGES) {
      const everyTypeTexts = textsCost(everyType, code);
      costs[code] = everyTypeTexts;
      expect(everyTypeTexts).toBeLessThanOrEqual(1 * KB);
      expect(gzipSize(playerAll.code) + everyTypeTexts).toBeLessThanOrEqual(13 * KB);
      expect(gzipSize(player.code) + textsCost(singles, code)).toBeLessThanOrEqual(11 * KB);
    }
    // The figures for bench/RESULTS.md.
    console.info('texts per page, every type and the whole form (gzip bytes):', JSON.stringify(costs));
  });
});
