import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { visitorOutcomeOf } from '@quizbeam/player/visitorOutcomeOf';
import { openPage, type Responder } from './browserPage';
import { renderPublishedPage } from './renderPublishedPage';
import { mathsQuiz } from './testQuizzes';
import { visitorQuiz } from './visitorQuiz';

/* Test-only helpers: a rendered quiz page in jsdom with the built player running. */

export const SNAPSHOT_ID = '11111111-2222-4333-8444-555555555555';
export const CANONICAL_URL = 'https://quiz.example/abcd1234';

let playerCode: Promise<string> | undefined;

export interface QuizPageOptions {
  mode?: 'published' | 'preview';
  respond?: Responder;
  onStartPage?: string;
  onOptIn?: string;
}

export async function openQuizPage(quiz: Quiz, options: QuizPageOptions = {}) {
  playerCode ??= buildPlayerAssets().then((assets) => assets.player.code);
  const html = renderPublishedPage({
    quiz,
    snapshotId: SNAPSHOT_ID,
    maxScore: 10,
    showPoweredByBadge: true,
    scripts: {
      onStartPage: options.onStartPage ?? '<script>window.startRan = (window.startRan || 0) + 1;</script>',
      onOptIn: options.onOptIn ?? '<script>window.optedIn = (window.optedIn || 0) + 1;</script>',
    },
    mode: options.mode ?? 'published',
    pageUrl: CANONICAL_URL,
    playerScriptUrl: '/_q/player-0123abcd.js',
    fontBaseUrl: '/_q/fonts',
  });
  return openPage(html, await playerCode, options.respond);
}

/** What the server answers a completion of `quiz` with (the page holds no outcomes). */
export function result(
  quiz: Quiz,
  outcomeId: number | null,
  score = 0,
  maxScore = 0,
  descriptionIndex = 0,
): VisitorResult {
  const computed = { outcomeId, score, maxScore, descriptionIndex };
  return { ...computed, outcome: visitorOutcomeOf(visitorQuiz(quiz), computed) };
}

/** Answers /_q/complete and /_q/leads with `reply`, events with {}. */
export const server =
  (reply: (url: string) => unknown): Responder =>
  (url) =>
    url === '/_q/events' ? {} : reply(url);

/** The scored maths quiz with its capture form on. */
export function captureQuiz(settings: Partial<Quiz['leadCaptureSettings']>) {
  const built = mathsQuiz();
  const quiz: Quiz = {
    ...built.quiz,
    leadCaptureSettings: { ...built.quiz.leadCaptureSettings, enabled: true, ...settings },
  };
  return { ...built, quiz };
}

/** The marketer's test scripts leave counters on the window. */
export const scriptCounters = (window: object) => window as { startRan?: number; optedIn?: number };
