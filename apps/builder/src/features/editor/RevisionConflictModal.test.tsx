import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, type StaleRevisionBody, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { OVERWRITE_WITH_MINE, RELOAD_THEIR_VERSION, REVISION_CONFLICT_TITLE } from './RevisionConflictModal';
import { QUIZ_SAVED_TEXT } from './saveCurrentQuiz';

const loaded = sampleQuiz({ id: '7', name: 'Dogs', revision: 4 });
const theirs: Quiz = { ...loaded, name: 'Their name', revision: 5 };
const stale: StaleRevisionBody = {
  error:
    'This quiz was saved by grace@example.com after you opened it. Reload their version, or overwrite it with yours.',
  code: 'conflict',
  revision: 5,
  savedBy: 'grace@example.com',
  savedAt: '2026-11-23T10:15:00.000Z',
};

/** The server holds revision 5; a save over 4 is refused, a save over 5 goes through. */
function serve() {
  let loads = 0;
  const load = () => {
    loads += 1;
    return { status: 200, body: loads === 1 ? loaded : theirs };
  };
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, load, { id: '7' }),
    on(
      saveQuizEndpoint,
      ({ body }) =>
        (body as Quiz).revision === 5
          ? { status: 200, body: { ...(body as Quiz), revision: 6 } }
          : { status: 409, body: stale },
      { id: '7' },
    ),
  ]);
}

async function saveOverTheirs() {
  renderApp('/quizzes/7');
  fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: 'My name' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: REVISION_CONFLICT_TITLE });
}

describe('a save over a revision saved elsewhere', () => {
  it('says who saved when, and overwrites over their revision when asked', async () => {
    const fetchMock = serve();
    const dialog = await saveOverTheirs();
    expect(dialog.textContent).toContain('Saved by grace@example.com on Nov 23, 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: OVERWRITE_WITH_MINE }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_SAVED_TEXT);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saves = receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');
    expect(saves.map((call) => [(call.body as Quiz).name, (call.body as Quiz).revision])).toEqual([
      ['My name', 4],
      ['My name', 5],
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('reloads their version, dropping the edits, when asked', async () => {
    serve();
    const dialog = await saveOverTheirs();
    fireEvent.click(within(dialog).getByRole('button', { name: RELOAD_THEIR_VERSION }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(((await screen.findByLabelText('Quiz Name')) as HTMLInputElement).value).toBe('Their name');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
