import type { Me } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { QuizStoreContext } from '../features/editor/store/QuizStoreContext';
import { createQuizStore, type QuizStore } from '../features/editor/store/quizStore';
import { SESSION_ROUTE_ID } from '../features/session/sessionLoader';
import { Notification } from '../ui/notifications/Notification';
import { accountHolder } from './fakeServer';

/**
 * One piece of the quiz editor on its own (a top-bar button, an indicator), with what the editor gives it:
 * the signed-in user, the query cache, the quiz store and the notification area. Returns the store.
 */
export function renderInQuizEditor(
  piece: ReactNode,
  { quiz, me = accountHolder() }: { quiz: Quiz; me?: Me },
) {
  const store: QuizStore = createQuizStore(quiz);
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(
    [
      {
        id: SESSION_ROUTE_ID,
        path: '/',
        loader: () => me,
        // Nothing until the session is known, as in the app.
        HydrateFallback: () => null,
        element: (
          <QueryClientProvider client={queryClient}>
            <QuizStoreContext.Provider value={store}>
              <Notification />
              {piece}
            </QuizStoreContext.Provider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return store;
}
