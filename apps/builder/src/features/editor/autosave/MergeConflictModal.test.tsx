import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, type StaleRevisionBody, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { QUIZ_SAVED_TEXT } from '../saveCurrentQuiz';
import { ALL_SAVED_TEXT, CONFLICT_TEXT } from './AutosaveStatus';
import { MERGE_CONFLICT_TITLE, RESOLVE_CONFLICT_LABEL } from './MergeConflictModal';

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

async function saveOverTheirs(change: Partial<Quiz>) {
  renderApp('/quizzes/7');
  const name = await screen.findByLabelText('Quiz Name');
  if (change.name) fireEvent.change(name, { target: { value: change.name } });
  if (change.showPoweredByBadge === false)
    fireEvent.click(screen.getByRole('button', { name: "Don't Show" }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('a save over a revision saved elsewhere', () => {
  it('merges changes to other fields by itself, over their revision', async () => {
    const fetchMock = serve();
    await saveOverTheirs({ showPoweredByBadge: false });
    expect(await screen.findByText(QUIZ_SAVED_TEXT)).toBeTruthy();
    const saves = receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');
    expect(saves.map((call) => [(call.body as Quiz).name, (call.body as Quiz).revision])).toEqual([
      ['Dogs', 4],
      ['Their name', 5],
    ]);
    expect(saves[1]?.body).toMatchObject({ showPoweredByBadge: false });
    expect(((await screen.findByLabelText('Quiz Name')) as HTMLInputElement).value).toBe('Their name');
    expect(screen.getByText(ALL_SAVED_TEXT)).toBeTruthy();
  });

  it('shows both values of a field changed on both sides, and saves the one kept', async () => {
    const fetchMock = serve();
    await saveOverTheirs({ name: 'My name' });
    const dialog = await screen.findByRole('dialog', { name: MERGE_CONFLICT_TITLE });
    expect(within(dialog).getByRole('group', { name: 'Quiz name' }).textContent).toContain('My name');
    expect(within(dialog).getByRole('group', { name: 'Quiz name' }).textContent).toContain('Their name');
    expect(screen.getByText(CONFLICT_TEXT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Selected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText(ALL_SAVED_TEXT);
    const saves = receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');
    expect(saves.map((call) => [(call.body as Quiz).name, (call.body as Quiz).revision])).toEqual([
      ['My name', 4],
      ['My name', 5],
    ]);
  });

  it('takes their value when asked, and can put the choice off', async () => {
    const fetchMock = serve();
    await saveOverTheirs({ name: 'My name' });
    let dialog = await screen.findByRole('dialog', { name: MERGE_CONFLICT_TITLE });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: RESOLVE_CONFLICT_LABEL }));
    dialog = await screen.findByRole('dialog', { name: MERGE_CONFLICT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep All Theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(((await screen.findByLabelText('Quiz Name')) as HTMLInputElement).value).toBe('Their name');
    await screen.findByText(ALL_SAVED_TEXT);
    expect(receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7')).toHaveLength(1);
  });
});
