import type { Me } from '@quizbeam/contracts/auth';
import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { type Theme, themesEndpoint } from '@quizbeam/contracts/themes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { accountHolder, type FakeAnswer, on, receivedCalls, routeFetch } from './fakeServer';
import { standardThemes } from './themes';

interface EditorServer {
  quiz: Quiz;
  themes?: Theme[] | FakeAnswer;
  me?: Me;
}

/** The editor's calls for `quiz` (loaded, saved as sent) and GET /api/themes. */
export function serveEditor({ quiz, themes = standardThemes(), me = accountHolder() }: EditorServer) {
  const themesAnswer = Array.isArray(themes) ? { status: 200, body: themes } : themes;
  return routeFetch([
    on(meEndpoint, me),
    on(getQuizEndpoint, quiz, { id: quiz.id }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: quiz.id }),
    on(themesEndpoint, () => themesAnswer),
  ]);
}

/** Clicks Save and returns the quiz the editor sent. */
export async function saveAndReadQuiz(
  fetchMock: ReturnType<typeof routeFetch>,
  quizId: string,
): Promise<Quiz> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return waitFor(() => {
    const put = receivedCalls(fetchMock).find((call) => call.route === `PUT /api/quizzes/${quizId}`);
    if (!put) throw new Error('The quiz was not saved yet.');
    return put.body as Quiz;
  });
}
