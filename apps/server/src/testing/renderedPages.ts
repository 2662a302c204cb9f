import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  type PublishedPageInput,
  renderPublishedPage,
} from '../features/publishedSite/render/renderPublishedPage';

export const START_SCRIPT = '<script>window.startPageRan = true;</script>';
export const OPT_IN_SCRIPT =
  '<script src="https://ads.example/pixel.js"></script><script>window.optedIn = 1;</script>';

/** A published page of `quiz` as the server renders it, with the marketer's two scripts, unless overridden. */
export function renderedPage(quiz: Quiz, overrides: Partial<PublishedPageInput> = {}): string {
  return renderPublishedPage({
    quiz,
    snapshotId: '11111111-2222-4333-8444-555555555555',
    maxScore: 10,
    showPoweredByBadge: true,
    scripts: { onStartPage: START_SCRIPT, onOptIn: OPT_IN_SCRIPT },
    mode: 'published',
    pageUrl: 'https://quiz.example/abcd1234',
    playerScriptUrl: '/_q/player-0123abcd.js',
    fontBaseUrl: '/_q/fonts',
    ...overrides,
  });
}
