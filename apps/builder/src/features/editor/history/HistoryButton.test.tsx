import type { Quiz } from '@quizbeam/contracts/quiz';
import type { StaleRevisionBody } from '@quizbeam/contracts/quizEndpoints';
import {
  getQuizVersionEndpoint,
  listQuizVersionsEndpoint,
  type QuizVersionSummary,
  restoreQuizVersionEndpoint,
} from '@quizbeam/contracts/quizHistory';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerWith, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderInQuizEditor } from '../../../test/quizEditorPieces';
import { sampleQuiz } from '../../../test/quizzes';
import { PREVIEW_FRAME_SANDBOX } from '../../preview/PreviewOverlay';
import { setQuizFields } from '../store/quizActions';
import { HistoryButton } from './HistoryButton';
import {
  CURRENT_VERSION_REASON,
  HISTORY_CHOOSE_TEXT,
  HISTORY_EMPTY_TEXT,
  HISTORY_TITLE,
  RESTORE_CONFIRM_TEXT,
  RESTORE_VERSION_TEXT,
  UNSAVED_CHANGES_REPLACED_TEXT,
  VERSION_PREVIEW_TITLE,
  VERSION_RESTORED_TEXT,
} from './historyTexts';

const quiz = sampleQuiz({ id: '7', name: 'Dogs', title: 'Today', revision: 12 });
const yesterdaysQuiz: Quiz = { ...quiz, title: 'Yesterday', revision: 9 };

// Local times, so the list reads the same in any time zone the tests run in.
const currentVersion: QuizVersionSummary = {
  id: 'v-now',
  kind: 'save',
  revision: 12,
  savedAt: new Date(2026, 10, 27, 15, 42).toISOString(),
  savedBy: 'ana@example.com',
  isCurrent: true,
};
const publishedVersion: QuizVersionSummary = {
  id: 'v-published',
  kind: 'publish',
  revision: 10,
  savedAt: new Date(2026, 10, 26, 18, 5).toISOString(),
  savedBy: 'ada@example.com',
  isCurrent: false,
};
const yesterdaysVersion: QuizVersionSummary = {
  id: 'v-yesterday',
  kind: 'restore',
  revision: 9,
  savedAt: new Date(2026, 10, 26, 9, 30).toISOString(),
  savedBy: null,
  isCurrent: false,
};

const stale: StaleRevisionBody = {
  error:
    'This quiz was saved by ana@example.com after you opened it. Reload their version, or overwrite it with yours.',
  code: 'conflict',
  revision: 13,
  savedBy: 'ana@example.com',
  savedAt: '2026-11-27T16:00:00.000Z',
};

function spyOnFormSubmit() {
  const submitted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  return submitted;
}

function serve(restoreAnswer: (body: { revision: number }) => { status: number; body: unknown }) {
  return routeFetch([
    on(listQuizVersionsEndpoint, [currentVersion, publishedVersion, yesterdaysVersion], { id: '7' }),
    on(
      getQuizVersionEndpoint,
      { ...yesterdaysVersion, quiz: yesterdaysQuiz },
      { id: '7', versionId: 'v-yesterday' },
    ),
    on(getQuizVersionEndpoint, { ...currentVersion, quiz }, { id: '7', versionId: 'v-now' }),
    on(restoreQuizVersionEndpoint, ({ body }) => restoreAnswer(body as { revision: number }), {
      id: '7',
      versionId: 'v-yesterday',
    }),
  ]);
}

async function openHistory(onRestored = vi.fn()) {
  const store = renderInQuizEditor(<HistoryButton onRestored={onRestored} />, { quiz });
  const historyButton = await screen.findByRole('button', { name: 'History' });
  historyButton.focus();
  fireEvent.click(historyButton);
  const panel = screen.getByRole('dialog', { name: HISTORY_TITLE });
  await within(panel).findByRole('list', { name: 'Versions' });
  return { panel, store, onRestored };
}

describe('History', () => {
  it('lists versions with time, author and kind, the current one marked, and previews the one chosen', async () => {
    const submitted = spyOnFormSubmit();
    serve(() => answerWith(500, {}));
    const { panel } = await openHistory();
    const rows = within(panel)
      .getAllByRole('listitem')
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual([
      'Nov 27, 2026, 3:42 PMSavedana@example.comCurrent',
      'Nov 26, 2026, 6:05 PMPublishedada@example.com',
      'Nov 26, 2026, 9:30 AMRestored',
    ]);
    expect(within(panel).getByText(HISTORY_CHOOSE_TEXT)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: RESTORE_VERSION_TEXT })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: /Nov 26, 2026, 9:30\sAM/ }));
    const frame = (await within(panel).findByTitle(VERSION_PREVIEW_TITLE)) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_FRAME_SANDBOX);
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/accounts/account-1/quizzes/preview');
    expect(form.target).toBe(frame.name);
    expect(JSON.parse(String(new FormData(form).get('data')))).toEqual(yesterdaysQuiz);

    // The current version cannot be restored over itself.
    fireEvent.click(within(panel).getByRole('button', { name: /Nov 27, 2026, 3:42\sPM/ }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(JSON.parse(String(new FormData(submitted[1] as HTMLFormElement).get('data')))).toEqual(quiz);
    const restoreCurrent = within(panel).getByRole('button', { name: RESTORE_VERSION_TEXT });
    expect((restoreCurrent as HTMLButtonElement).disabled).toBe(true);
    expect(restoreCurrent.getAttribute('title')).toBe(CURRENT_VERSION_REASON);
  });

  it('restores the chosen version over the saved revision once confirmed, and hands the stored quiz over', async () => {
    spyOnFormSubmit();
    const restoredQuiz: Quiz = { ...yesterdaysQuiz, revision: 13 };
    const fetchMock = serve(() => ({ status: 200, body: restoredQuiz }));
    const { panel, store, onRestored } = await openHistory();
    // An edit not saved yet: the restore still goes over the revision last saved, and says it replaces it.
    store.dispatch(setQuizFields({ title: 'Typed, not saved' }));

    fireEvent.click(within(panel).getByRole('button', { name: /Nov 26, 2026, 9:30\sAM/ }));
    fireEvent.click(within(panel).getByRole('button', { name: RESTORE_VERSION_TEXT }));
    const confirmation = within(panel).getByRole('region', { name: RESTORE_VERSION_TEXT });
    expect(confirmation.textContent).toMatch(/^Restore the version of Nov 26, 2026, 9:30\sAM\?/);
    expect(confirmation.textContent).toContain(UNSAVED_CHANGES_REPLACED_TEXT);
    expect(document.activeElement).toBe(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.includes('/restore'))).toBe(false);

    fireEvent.click(within(confirmation).getByRole('button', { name: RESTORE_CONFIRM_TEXT }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(restoredQuiz));
    expect(receivedCalls(fetchMock).filter((call) => call.route.includes('/restore'))).toEqual([
      { route: 'POST /api/quizzes/7/versions/v-yesterday/restore', body: { revision: 12 } },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe(VERSION_RESTORED_TEXT);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History' }));
  });

  it("shows the server's message and loads the list again when someone saved since", async () => {
    spyOnFormSubmit();
    const fetchMock = serve(() => ({ status: 409, body: stale }));
    const { panel, onRestored } = await openHistory();
    fireEvent.click(within(panel).getByRole('button', { name: /Nov 26, 2026, 9:30\sAM/ }));
    fireEvent.click(within(panel).getByRole('button', { name: RESTORE_VERSION_TEXT }));
    fireEvent.click(within(panel).getByRole('button', { name: RESTORE_CONFIRM_TEXT }));

    expect((await screen.findByRole('alert')).textContent).toBe(stale.error);
    await waitFor(() =>
      expect(
        receivedCalls(fetchMock).filter((call) => call.route === 'GET /api/quizzes/7/versions'),
      ).toHaveLength(2),
    );
    expect(onRestored).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: HISTORY_TITLE })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: RESTORE_VERSION_TEXT })).toBeTruthy();
  });

  it('says when there is no version yet', async () => {
    routeFetch([on(listQuizVersionsEndpoint, [], { id: '7' })]);
    renderInQuizEditor(<HistoryButton onRestored={vi.fn()} />, { quiz });
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByText(HISTORY_EMPTY_TEXT)).toBeTruthy();
  });
});
