import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { visitorOutcomeOf } from '@quizbeam/player/visitorOutcomeOf';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { JSDOM, VirtualConsole } from 'jsdom';
import { renderPublishedPage } from '../features/publishedSite/render/renderPublishedPage';
import { visitorQuiz } from '../features/publishedSite/render/visitorQuiz';
import { mathsQuiz } from './sampleQuizzes';

/* A rendered quiz page in jsdom with the built player running. */

/** A request the page sent, with its parsed JSON body. */
export interface SentRequest {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/** Answers a request: a JSON body, or an Error to make the request fail. */
export type Responder = (url: string, body: Record<string, unknown>) => unknown;

export const PAGE_URL = 'https://quiz.example/abcd1234?utm_source=newsletter';

/**
 * Opens a rendered page in jsdom (inline scripts run, as the marketer's do in a browser), with
 * fetch stubbed, then runs the built player as the deferred script would after parsing.
 */
export function openPage(html: string, playerCode: string, respond: Responder = () => ({})) {
  const virtualConsole = new VirtualConsole();
  const consoleErrors: string[] = [];
  virtualConsole.on('jsdomError', (error) => consoleErrors.push(error.message));
  const dom = new JSDOM(html, { runScripts: 'dangerously', url: PAGE_URL, virtualConsole });
  const { window } = dom;
  const requests: SentRequest[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    requests.push({ url, init, body });
    const reply = respond(url, body);
    if (reply instanceof Error) throw reply;
    return { ok: true, status: 200, json: async () => reply };
  };
  Object.assign(window, { fetch });
  window.eval(playerCode);
  const document = window.document;

  const heading = () => document.querySelector('h1')?.textContent ?? '';
  const status = () => document.getElementById('qb-status')?.textContent ?? '';
  const buttons = () => [...document.querySelectorAll<HTMLElement>('#qb-root button, #qb-root a.qb-btn')];
  const button = (name: string) => {
    const found = buttons().find((candidate) => candidate.textContent?.trim() === name);
    if (!found)
      throw new Error(
        `No button "${name}" in: ${buttons()
          .map((b) => b.textContent)
          .join(' | ')}`,
      );
    return found;
  };
  const click = (name: string) => button(name).click();
  const input = (name: string) => {
    const found = document.querySelector<HTMLInputElement>(`#qb-root input[name="${name}"]`);
    if (!found) throw new Error(`No input ${name}`);
    return found;
  };
  const type = (name: string, value: string) => {
    input(name).value = value;
  };
  const eventsSent = () =>
    requests
      .filter((request) => request.url === '/_q/events')
      .flatMap((request) => request.body.events as unknown[]);
  return {
    dom,
    window,
    document,
    requests,
    consoleErrors,
    heading,
    status,
    button,
    click,
    input,
    type,
    eventsSent,
  };
}

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
  const percent = percentOf(score, maxScore);
  const computed = {
    outcomeId,
    score,
    maxScore,
    percent,
    categories: [],
    showCategoryBars: false,
    descriptionIndex,
  };
  return { ...computed, outcome: visitorOutcomeOf(visitorQuiz(quiz, 'en'), computed) };
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
