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

  it('embeds each placeholder once even when the script is included twice', async () => {
    vi.resetModules();
    await import('./embed');
    expect(frames()).toHaveLength(2);
  });
});
