import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { themesEndpoint } from '@quizbeam/contracts/themes';
import {
  PANE_READY_MESSAGE,
  PANE_SHOW_MESSAGE,
  type PaneScreen,
  type PaneShowMessage,
} from '@quizbeam/player/paneMessages';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { accountHolder, on, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { standardThemes } from '../../../test/themes';
import { LIVE_PREVIEW_SANDBOX, LIVE_PREVIEW_TITLE } from './LivePreviewPane';
import { lookOf } from './livePreviewLook';
import { LIVE_PREVIEW_MIN_WIDTH } from './livePreviewSettings';
import { LIVE_PREVIEW_DEVICE_LABEL } from './livePreviewTexts';

const { quiz: built, q } = buildQuiz({
  type: 'general',
  questions: [
    { text: 'Pick a weekend', answers: [{}] },
    { text: 'Pick a drink', answers: [{}] },
  ],
});
const quiz: Quiz = { ...built, id: '7' };

/** A window `width` pixels wide, as far as the media queries the builder asks are concerned. */
function windowOfWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(query.match(/min-width: (\d+)px/)?.[1] ?? Number.POSITIVE_INFINITY) <= width,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** The look the pane's page was asked in (its address's query). */
const lookInAddress = (frame: HTMLIFrameElement) =>
  Object.fromEntries(new URL(frame.src, 'http://builder.test').searchParams);

const paneFrame = () => screen.getByTitle(LIVE_PREVIEW_TITLE) as HTMLIFrameElement;

/** The pane's page says it is ready, from inside its frame (an opaque origin). */
function paneIsReady(frame = paneFrame(), origin = 'null') {
  const inbox = vi.spyOn(frame.contentWindow as Window, 'postMessage') as unknown as Mock;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: PANE_READY_MESSAGE },
        origin,
        source: frame.contentWindow,
      }),
    );
  });
  return inbox;
}

const lastShown = (inbox: Mock) => inbox.mock.lastCall?.[0] as PaneShowMessage | undefined;
const shownScreens = (inbox: Mock): PaneScreen[] =>
  inbox.mock.calls.map(([message]) => (message as PaneShowMessage).screen);

async function openEditor(path: string, editedQuiz: Quiz = quiz) {
  routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, editedQuiz, { id: '7' }),
    on(themesEndpoint, standardThemes()),
  ]);
  renderApp(path);
  return screen.findByTitle(LIVE_PREVIEW_TITLE);
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  window.localStorage.clear();
});

describe('the live preview pane', () => {
  it('loads its page in the quiz’s look into a sandboxed frame, then shows the selected question', async () => {
    windowOfWidth(1440);
    const frame = (await openEditor('/quizzes/7/questions')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe(LIVE_PREVIEW_SANDBOX);
    expect(new URL(frame.src, 'http://builder.test').pathname).toBe(
      '/accounts/account-1/quizzes/live-preview',
    );
    expect(lookInAddress(frame)).toEqual(lookOf(quiz));

    // Nothing is sent before the page says it is ready, nor to a message from elsewhere.
    const ignored = paneIsReady(frame, 'https://elsewhere.example');
    expect(ignored).not.toHaveBeenCalled();
    const inbox = paneIsReady(frame);
    expect(inbox).toHaveBeenCalledExactlyOnceWith(
      { type: PANE_SHOW_MESSAGE, quiz, screen: { kind: 'question', questionId: q[0] } },
      '*',
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('sends each change once typing pauses, without reloading the page, and follows the selection and tab', async () => {
    windowOfWidth(1440);
    const frame = (await openEditor('/quizzes/7/questions')) as HTMLIFrameElement;
    const inbox = paneIsReady();
    const field = screen.getByLabelText('Question Text');
    field.focus();
    for (const text of ['Pick a long', 'Pick a long weekend'])
      fireEvent.change(field, { target: { value: text } });
    // A keystroke only starts a timer: the message goes after the pause.
    expect(inbox).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(lastShown(inbox)?.quiz.questions[0]?.text).toBe('Pick a long weekend'));
    expect(inbox).toHaveBeenCalledTimes(2);
    expect(paneFrame()).toBe(frame);
    expect(document.activeElement).toBe(field);

    fireEvent.click(screen.getByRole('button', { name: /^Question 2/ }));
    await waitFor(() => expect(lastShown(inbox)?.screen).toEqual({ kind: 'question', questionId: q[1] }));
    fireEvent.click(screen.getByRole('link', { name: 'Start Page' }));
    await waitFor(() => expect(lastShown(inbox)?.screen).toEqual({ kind: 'start' }));
    fireEvent.click(screen.getByRole('link', { name: 'Capture Form' }));
    await waitFor(() => expect(lastShown(inbox)?.screen).toEqual({ kind: 'capture' }));
    expect(shownScreens(inbox).map((shown) => shown.kind)).toEqual([
      'question',
      'question',
      'question',
      'start',
      'capture',
    ]);
    expect(paneFrame()).toBe(frame);
  });

  it('loads its page again, in a new frame, when the look changes', async () => {
    windowOfWidth(1440);
    const first = (await openEditor('/quizzes/7')) as HTMLIFrameElement;
    paneIsReady(first);
    fireEvent.click(await screen.findByRole('button', { name: "Don't Show" }));
    await waitFor(() => expect(paneFrame()).not.toBe(first), { timeout: 3_000 });
    const second = paneFrame();
    expect(lookInAddress(second)).toEqual({ ...lookOf(quiz), badge: 'hide' });
    const inbox = paneIsReady(second);
    expect(lastShown(inbox)?.quiz.showPoweredByBadge).toBe(false);
    expect(lastShown(inbox)?.screen).toEqual({ kind: 'first' });
  });

  it('hides and shows with its switch, remembered on this device, and draws at a phone’s or a desktop’s width', async () => {
    windowOfWidth(1440);
    await openEditor('/quizzes/7/questions');
    const pane = screen.getByRole('complementary', { name: LIVE_PREVIEW_TITLE });
    const devices = within(pane).getByRole('group', { name: LIVE_PREVIEW_DEVICE_LABEL });
    expect(within(devices).getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(devices).getByRole('button', { name: 'Desktop' }));
    expect(within(devices).getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(paneFrame().closest('[data-device]')?.getAttribute('data-device')).toBe('desktop');

    fireEvent.click(within(pane).getByRole('switch', { name: LIVE_PREVIEW_TITLE }));
    expect(screen.queryByTitle(LIVE_PREVIEW_TITLE)).toBeNull();
    expect(screen.getByRole('switch', { name: LIVE_PREVIEW_TITLE }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(window.localStorage.getItem('quizbeam.livePreview.open')).toBe('false');
    expect(window.localStorage.getItem('quizbeam.livePreview.device')).toBe('desktop');
  });

  it('stays away from windows narrower than 1200 px, and stays hidden once hidden', async () => {
    windowOfWidth(LIVE_PREVIEW_MIN_WIDTH - 1);
    routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, quiz, { id: '7' })]);
    renderApp('/quizzes/7/questions');
    await screen.findByLabelText('Question Text');
    expect(screen.queryByRole('complementary', { name: LIVE_PREVIEW_TITLE })).toBeNull();
    expect(screen.queryByTitle(LIVE_PREVIEW_TITLE)).toBeNull();
  });

  it('opens hidden when it was hidden last time', async () => {
    windowOfWidth(LIVE_PREVIEW_MIN_WIDTH);
    window.localStorage.setItem('quizbeam.livePreview.open', 'false');
    routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, quiz, { id: '7' })]);
    renderApp('/quizzes/7/questions');
    const toggle = await screen.findByRole('switch', { name: LIVE_PREVIEW_TITLE });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTitle(LIVE_PREVIEW_TITLE)).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTitle(LIVE_PREVIEW_TITLE)).toBeTruthy();
  });
});
