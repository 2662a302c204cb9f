import { usageLimitMessage } from '@quizbeam/contracts/account';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { duplicateQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { answerWith, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { Notification } from '../../ui/notifications/Notification';
import { QUIZ_DUPLICATED_TEXT } from '../quizzes/useDuplicateQuiz';
import { DuplicateQuizButton } from './DuplicateQuizButton';
import { QuizStoreContext } from './store/QuizStoreContext';
import { createQuizStore, type QuizStore } from './store/quizStore';

function Where() {
  return <output aria-label="Path">{useLocation().pathname}</output>;
}

/** The button in an editor of its own: the quiz store, the cache, a router and the notification area. */
function renderButton(store: QuizStore) {
  const router = createMemoryRouter(
    [
      {
        path: '/quizzes/:quizId/*',
        element: (
          <QueryClientProvider client={createQueryClient({ retry: false })}>
            <QuizStoreContext.Provider value={store}>
              <Notification />
              <DuplicateQuizButton />
              <Where />
            </QuizStoreContext.Provider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/quizzes/7/questions'] },
  );
  render(<RouterProvider router={router} />);
}

const stored = (): Quiz => sampleQuiz({ id: '7', name: 'Coffee finder', revision: 3 });
const copied = on(duplicateQuizEndpoint, { quizId: 'copy-1' }, { id: '7' });
const savedAsSent = on(
  saveQuizEndpoint,
  ({ body }) => ({ status: 200, body: { ...(body as Quiz), revision: 4 } }),
  {
    id: '7',
  },
);

const path = () => screen.getByRole('status', { name: 'Path' }).textContent;
const routesOf = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).map((call) => call.route);

async function clickDuplicate(routes: FakeRoute[], store = createQuizStore(stored())) {
  const fetchMock = routeFetch(routes);
  renderButton(store);
  fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
  return fetchMock;
}

describe('DuplicateQuizButton', () => {
  it('copies the saved quiz without saving again, then opens the copy and says so', async () => {
    const fetchMock = await clickDuplicate([copied, savedAsSent]);
    await waitFor(() => expect(path()).toBe('/quizzes/copy-1/'));
    expect(screen.getByText(QUIZ_DUPLICATED_TEXT)).toBeTruthy();
    expect(routesOf(fetchMock)).toEqual(['POST /api/quizzes/7/duplicate']);
  });

  it('saves unsaved changes first, so the copy has them', async () => {
    const store = createQuizStore(stored());
    store.dispatch((quiz) => ({ ...quiz, title: 'Find your roast' }));
    const fetchMock = await clickDuplicate([copied, savedAsSent], store);
    await waitFor(() => expect(path()).toBe('/quizzes/copy-1/'));
    expect(routesOf(fetchMock)).toEqual(['PUT /api/quizzes/7', 'POST /api/quizzes/7/duplicate']);
    expect(receivedCalls(fetchMock)[0]?.body).toMatchObject({ title: 'Find your roast' });
    expect(store.hasUnsavedChanges()).toBe(false);
    expect(screen.getByText(QUIZ_DUPLICATED_TEXT)).toBeTruthy();
  });

  it('stops when the save fails: nothing is copied and the editor stays', async () => {
    const store = createQuizStore(stored());
    store.dispatch((quiz) => ({ ...quiz, title: 'Not saved' }));
    const fetchMock = await clickDuplicate(
      [copied, on(saveQuizEndpoint, answerWith(500, { error: 'Boom', code: 'internal' }), { id: '7' })],
      store,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Duplicate' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(routesOf(fetchMock)).toEqual(['PUT /api/quizzes/7']);
    expect(path()).toBe('/quizzes/7/questions');
    expect(store.hasUnsavedChanges()).toBe(true);
  });

  it("shows the quizzes limit's message and stays when the server refuses the copy", async () => {
    const message = usageLimitMessage('quizzes', 5);
    const fetchMock = await clickDuplicate([
      on(duplicateQuizEndpoint, answerWith(403, { error: message, code: 'quota_exceeded' }), { id: '7' }),
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(path()).toBe('/quizzes/7/questions');
    expect(routesOf(fetchMock)).toEqual(['POST /api/quizzes/7/duplicate']);
  });
});
