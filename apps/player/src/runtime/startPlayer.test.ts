import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorEventsBody } from '@quizbeam/contracts/visitorEvents';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreen } from '../markup/firstScreen';
import { DATA_ID, PAGE_ID, ROOT_ID, SCREEN_ID, STATUS_ID } from '../markup/pageIds';
import type { PlayerData } from '../playerData';
import { publishedQuizView } from '../publishedQuizView';
import { ENGLISH_PAGE } from '../testing/englishTexts';
import { previewPageVisitor } from './previewVisitor';
import { publishedPageVisitor } from './publishedVisitor';
import { QUIZ_EVENT_TYPE } from './quizEvents';
import { startPlayer } from './startPlayer';
import { EVENTS_PATH } from './visitorPaths';

const { quiz, q, a } = buildQuiz({
  questions: [{ answers: [{}, {}] }, { answers: [{}, {}] }],
  outcomes: [{ from: 0, to: 10 }],
});
const withCapture: Quiz = { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true } };
const SNAPSHOT_ID = '11111111-2222-4333-8444-555555555555';

/** The page as the server renders it (first screen and data), with the player taking it over. */
function openPage(mode: PlayerData['mode']) {
  const view = publishedQuizView(withCapture, 0);
  const common = { snapshotId: SNAPSHOT_ID, ...ENGLISH_PAGE, pageUrl: location.href, quiz: view };
  const data: PlayerData =
    mode === 'published'
      ? { ...common, mode }
      : { ...common, mode, preview: { quiz: withCapture, maxScore: 0 } };
  document.body.innerHTML =
    `<div id="${PAGE_ID}"><main id="${ROOT_ID}"><p id="${STATUS_ID}"></p>` +
    `<div id="${SCREEN_ID}">${firstScreen(view).html}</div></main></div>` +
    `<script type="application/json" id="${DATA_ID}"></script>`;
  const dataElement = document.getElementById(DATA_ID);
  if (dataElement) dataElement.textContent = JSON.stringify(data);
  const fetched = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 202 }));
  vi.stubGlobal('fetch', fetched);
  startPlayer(mode === 'published' ? publishedPageVisitor : previewPageVisitor, null);
  return fetched;
}

const click = (selector: string) => document.querySelector<HTMLElement>(selector)?.click();
const heading = () => document.querySelector('h1')?.textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'parent');
  document.documentElement.classList.remove('qb-framed');
  document.body.innerHTML = '';
});

/** The quiz events the page dispatches from now on (its `quizbeam` DOM events' details). */
function quizEventsHeard(): unknown[] {
  const heard: unknown[] = [];
  const listener = (event: Event) => heard.push((event as CustomEvent).detail);
  addEventListener(QUIZ_EVENT_TYPE, listener);
  stopListening.push(() => removeEventListener(QUIZ_EVENT_TYPE, listener));
  return heard;
}
const stopListening: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopListening.splice(0)) stop();
});

/** Opens the page inside a frame, as an embed or the editor's preview frames it; returns the parent's inbox. */
function insideFrame() {
  const parent = { postMessage: vi.fn() };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  // jsdom lays nothing out: the page gets a height to report.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 480 } as DOMRect);
  return parent.postMessage;
}

describe('startPlayer', () => {
  it('on a published page, sends the visit with its UTM, the screens shown (Back too) and the answers in batches', async () => {
    history.replaceState(null, '', '/plan?utm_source=ads&utm_campaign=%E6%98%A5');
    const fetched = openPage('published');
    click('[data-action="start"]');
    click(`[data-answer="${a[0]?.[0]}"]`);
    expect(heading()).toBe('Q2');
    history.back();
    await vi.waitFor(() => expect(heading()).toBe('Q1'));
    click(`[data-answer="${a[0]?.[1]}"]`);
    click(`[data-answer="${a[1]?.[0]}"]`);
    dispatchEvent(new Event('pagehide'));

    const bodies = fetched.mock.calls.map(([url, init]) => {
      expect(url).toBe(EVENTS_PATH);
      expect(init.keepalive).toBe(true);
      return JSON.parse(String(init.body)) as VisitorEventsBody;
    });
    // Batched: a request per second at most, so one here unless the test ran slowly.
    expect(bodies.length).toBeGreaterThanOrEqual(1);
    expect(bodies.length).toBeLessThanOrEqual(2);
    expect(new Set(bodies.map((body) => body.snapshotId))).toEqual(new Set([SNAPSHOT_ID]));
    expect(bodies.flatMap((body) => body.events)).toEqual([
      {
        type: 'visit',
        utmSource: 'ads',
        utmCampaign: '春',
        urlFields: { utm_source: 'ads', utm_campaign: '春' },
      },
      { type: 'start' },
      { type: 'shown', questionId: q[0] },
      { type: 'answer', questionId: q[0], answerId: a[0]?.[0] },
      { type: 'shown', questionId: q[1] },
      { type: 'shown', questionId: q[0] },
      { type: 'answer', questionId: q[0], answerId: a[0]?.[1] },
      { type: 'shown', questionId: q[1] },
      { type: 'answer', questionId: q[1], answerId: a[1]?.[0] },
      { type: 'capture' },
    ]);
  });

  it('in preview, records nothing and tells no tag, the capture form included', () => {
    history.replaceState(null, '', '/preview?utm_source=ads');
    vi.useFakeTimers();
    const heard = quizEventsHeard();
    const fetched = openPage('preview');
    click('[data-action="start"]');
    click(`[data-answer="${a[0]?.[0]}"]`);
    click(`[data-answer="${a[1]?.[0]}"]`);
    expect(document.querySelector('form')).not.toBeNull();
    dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(5000);
    expect(fetched).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
  });

  it('embedded in another page, takes the framed look, tells the frame its height and the page its events', () => {
    const postMessage = insideFrame();
    const heard = quizEventsHeard();
    openPage('published');
    click('[data-action="start"]');
    expect(document.documentElement.classList.contains('qb-framed')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: 'quizbeam:height', height: 480 }, '*');
    expect(heard).toEqual([{ event: 'quiz_view' }, { event: 'quiz_start' }]);
    const event = (name: string) => ({ source: 'quizbeam', type: 'event', event: name, data: {} });
    expect(postMessage).toHaveBeenCalledWith(event('quiz_view'), '*');
    expect(postMessage).toHaveBeenCalledWith(event('quiz_start'), '*');
  });

  it('in a preview frame, looks like the quiz’s own page: not framed, no height messages', () => {
    const postMessage = insideFrame();
    openPage('preview');
    click('[data-action="start"]');
    expect(heading()).toBe('Q1');
    expect(document.documentElement.classList.contains('qb-framed')).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
