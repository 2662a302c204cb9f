import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const QUIZ_URL = 'https://quiz.example/abcd1234';

function postHeight(
  frame: HTMLIFrameElement,
  height: unknown,
  origin = 'https://quiz.example',
  source?: Window | null,
) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'quizbeam:height', height },
      origin,
      source: source === undefined ? frame.contentWindow : source,
    }),
  );
}

describe('the embed script', () => {
  beforeEach(async () => {
    document.body.innerHTML = `<div data-quizbeam-quiz="${QUIZ_URL}" style="width:100%"></div>
      <div data-quizbeam-quiz="https://other.example/zzzz9999"></div>
      <div data-quizbeam-quiz="javascript:alert(1)"></div>`;
    vi.resetModules();
    await import('./embed');
  });

  afterEach(() => {
    document.body.innerHTML = '';
    Reflect.deleteProperty(window, 'dataLayer');
  });

  const frames = () => [...document.querySelectorAll('iframe')];

  it('puts each quiz in a full-width, borderless iframe titled Quiz', () => {
    expect(frames().map((frame) => frame.src)).toEqual([QUIZ_URL, 'https://other.example/zzzz9999']);
    const [frame] = frames();
    expect(frame?.title).toBe('Quiz');
    expect(frame?.style.width).toBe('100%');
    expect(frame?.style.borderWidth).toMatch(/^0(px)?$/);
  });

  it('sizes an iframe from its own window’s height messages only', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    postHeight(quiz, 812.4);
    expect(quiz.style.height).toBe('813px');
    expect(other.style.height).toBe('600px');

    postHeight(quiz, 999, 'https://quiz.example', other.contentWindow);
    postHeight(quiz, 999, 'https://quiz.example', null);
    postHeight(quiz, '999');
    postHeight(quiz, -5);
    expect(quiz.style.height).toBe('813px');
  });

  it('follows a quiz moved to another domain: its page, reached through a redirect, posts from there', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    postHeight(quiz, 700, 'https://moved.example');
    expect(quiz.style.height).toBe('700px');
    expect(other.style.height).toBe('600px');
  });

  it('relays its quiz’s events to the embedding page’s dataLayer and as a quizbeam event on its window', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener('quizbeam', listener);
    const post = (data: unknown, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://quiz.example', source }));
    const event = {
      source: 'quizbeam',
      type: 'event',
      event: 'quiz_complete',
      data: { outcomeName: 'Top', score: 3 },
    };
    post(event, quiz.contentWindow);
    // Only from the quiz's own frame, and only our messages.
    post(event, null);
    post({ ...event, source: 'someone-else' }, quiz.contentWindow);
    post({ ...event, event: 42 }, quiz.contentWindow);
    removeEventListener('quizbeam', listener);
    const layer = (window as { dataLayer?: unknown[] }).dataLayer;
    expect(layer).toEqual([{ event: 'quizbeam_quiz_complete', outcomeName: 'Top', score: 3 }]);
    expect(heard).toEqual([{ event: 'quiz_complete', outcomeName: 'Top', score: 3 }]);
    expect(quiz.style.height).toBe('600px');
  });

  it('adds to an existing dataLayer rather than replacing it', () => {
    const [quiz] = frames();
    const existing = [{ event: 'gtm.js' }];
    Object.assign(window, { dataLayer: existing });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'quizbeam', type: 'event', event: 'quiz_start', data: {} },
        source: quiz?.contentWindow ?? null,
      }),
    );
    expect((window as { dataLayer?: unknown[] }).dataLayer).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'quizbeam_quiz_start' }]);
  });

  it('embeds each placeholder once even when the script is included twice', async () => {
    vi.resetModules();
    await import('./embed');
    expect(frames()).toHaveLength(2);
  });
});

describe('the embed script on a page with address parameters', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('passes the embedding page’s own parameters on to the quiz, never over those its address sets', async () => {
    history.replaceState(null, '', '/landing?utm_source=fb&fbclid=abc&ref=partner7&lang=en');
    document.body.innerHTML = `<div data-quizbeam-quiz="${QUIZ_URL}?lang=de"></div>`;
    vi.resetModules();
    await import('./embed');
    const src = new URL(document.querySelector('iframe')?.src ?? '');
    expect(src.origin + src.pathname).toBe(QUIZ_URL);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      lang: 'de',
      utm_source: 'fb',
      fbclid: 'abc',
      ref: 'partner7',
    });
  });
});
