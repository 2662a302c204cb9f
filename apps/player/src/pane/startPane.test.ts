import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ID, ROOT_ID, SCREEN_ID, STATUS_ID } from '../markup/pageIds';
import { PANE_CONFIG_ID, PANE_READY_MESSAGE, PANE_SHOW_MESSAGE, type PaneShowMessage } from './paneMessages';
import { startPane } from './startPane';

const APP_ORIGIN = 'https://app.example.com';
const { quiz, q } = buildQuiz({
  questions: [
    { text: 'First', answers: [{}] },
    { text: 'Second', answers: [{}, {}] },
  ],
});

let drawnPanes = new AbortController();

/** The pane's page as the server renders it (an empty screen), inside a frame whose parent is the editor. */
function openPane() {
  const parent = { postMessage: vi.fn() };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  document.body.innerHTML =
    `<div id="${PAGE_ID}"><main id="${ROOT_ID}"><p id="${STATUS_ID}" aria-live="polite"></p>` +
    `<div id="${SCREEN_ID}"></div></main><a class="qb-badge" href="https://quizbeam.app/">Badge</a></div>` +
    `<script type="application/json" id="${PANE_CONFIG_ID}"></script>`;
  const config = document.getElementById(PANE_CONFIG_ID) as HTMLElement;
  config.textContent = JSON.stringify({ parentOrigin: APP_ORIGIN, pageUrl: 'https://q.example.com/preview' });
  startPane(drawnPanes.signal);
  return parent;
}

const show = (message: Partial<PaneShowMessage>): PaneShowMessage => ({
  type: PANE_SHOW_MESSAGE,
  quiz,
  screen: { kind: 'question', questionId: q[1] ?? 0 },
  ...message,
});

function send(data: unknown, from: { origin?: string; source?: unknown } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? APP_ORIGIN,
      source: (from.source ?? window.parent) as Window,
    }),
  );
}

const heading = () => document.querySelector(`#${SCREEN_ID} h1`)?.textContent;

afterEach(() => {
  drawnPanes.abort();
  drawnPanes = new AbortController();
  Reflect.deleteProperty(window, 'parent');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the live preview pane’s page', () => {
  it('tells the editor it is ready, at the app’s origin only, and stops announcing the status line', () => {
    const parent = openPane();
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith({ type: PANE_READY_MESSAGE }, APP_ORIGIN);
    expect(document.getElementById(STATUS_ID)?.hasAttribute('aria-live')).toBe(false);
  });

  it('draws each screen the editor sends, in place, without taking the focus', () => {
    openPane();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    send(show({}));
    expect(heading()).toBe('Second');
    expect(document.getElementById(STATUS_ID)?.textContent).toBe('Question 2 of 2');
    const screen = document.getElementById(SCREEN_ID);
    const renamed = {
      ...quiz,
      questions: quiz.questions.map((question) => ({ ...question, text: `${question.text}!` })),
    };
    send(show({ quiz: renamed }));
    expect(heading()).toBe('Second!');
    expect(document.getElementById(SCREEN_ID)).toBe(screen);
    expect(focus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });

  it('ignores messages from another origin or window, of another shape, or that cannot be drawn', () => {
    openPane();
    send(show({}));
    send(show({ screen: { kind: 'question', questionId: q[0] ?? 0 } }), { origin: 'https://evil.example' });
    send(show({ screen: { kind: 'question', questionId: q[0] ?? 0 } }), { source: window });
    send({ type: PANE_SHOW_MESSAGE, quiz: { ...quiz, questions: 'all of them' }, screen: { kind: 'first' } });
    send('<img src=x onerror=alert(1)>');
    expect(heading()).toBe('Second');
  });

  it('draws the marketer’s background picture first in the page, as the published page has it', () => {
    openPane();
    const image = (url: string) => ({
      id: 'i',
      accountId: 'a',
      filename: 'f.jpg',
      s3Key: 'k',
      url,
      width: 1920,
      height: 1080,
    });
    const backgrounds = () =>
      [...document.querySelectorAll('picture.qb-bg img')].map((img) => img.getAttribute('src'));
    send(show({ quiz: { ...quiz, backgroundImage: image('https://cdn.example.com/one.jpg') } }));
    expect(document.body.firstElementChild?.matches('picture.qb-bg')).toBe(true);
    expect(backgrounds()).toEqual(['https://cdn.example.com/one.jpg']);
    expect(document.body.className).toBe('qb-has-bg');
    send(show({ quiz: { ...quiz, backgroundImage: image('https://cdn.example.com/two.jpg') } }));
    expect(backgrounds()).toEqual(['https://cdn.example.com/two.jpg']);
    send(show({ quiz: { ...quiz, backgroundImage: image('javascript:alert(1)') } }));
    expect(backgrounds()).toEqual([]);
    expect(document.body.className).toBe('');
    expect(heading()).toBe('Second');
  });

  it('keeps every click and form from doing anything: the pane only shows the quiz', () => {
    openPane();
    send(show({}));
    const answer = document.querySelector<HTMLElement>('[data-answer]');
    const badge = document.querySelector<HTMLAnchorElement>('.qb-badge');
    for (const target of [answer, badge]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      target?.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
    }
    expect(heading()).toBe('Second');
  });
});
