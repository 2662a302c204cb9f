import { usageLimitMessage } from '@quizbeam/contracts/account';
import { meEndpoint } from '@quizbeam/contracts/auth';
import { duplicateQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { quizSummary } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { QUIZ_DUPLICATED_TEXT } from './useDuplicateQuiz';

const me = on(meEndpoint, accountHolder());
const dogs = quizSummary({ id: 'q1', name: 'Which Dog Are You?', isPublished: true });
const cats = quizSummary({ id: 'q2', name: 'Cat Trivia', type: 'scored' });

function quizNames() {
  return within(screen.getByRole('list', { name: 'Quizzes' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

describe('Duplicate on My Quizzes', () => {
  it('copies the quiz, reloads the list with the new card, then says so; one click makes one copy', async () => {
    let quizzes = [dogs, cats];
    let copies = 0;
    const fetchMock = routeFetch([
      me,
      on(listQuizzesEndpoint, () => ({ status: 200, body: quizzes })),
      on(
        duplicateQuizEndpoint,
        () => {
          copies += 1;
          const copy = quizSummary({ id: 'q3', name: 'Copy of Cat Trivia', type: 'scored' });
          quizzes = [copy, ...quizzes];
          return { status: 200, body: { quizId: copy.id } };
        },
        { id: 'q2' },
      ),
    ]);
    renderApp('/');
    const duplicate = await screen.findByRole('button', { name: 'Duplicate Cat Trivia' });
    fireEvent.click(duplicate);
    // While the copy is made the button waits.
    expect((duplicate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(duplicate);

    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_DUPLICATED_TEXT);
    expect(quizNames()).toEqual(['Copy of Cat Trivia', 'Which Dog Are You?', 'Cat Trivia']);
    expect(screen.getByRole('link', { name: 'Edit Copy of Cat Trivia' }).getAttribute('href')).toBe(
      '/quizzes/q3',
    );
    expect(copies).toBe(1);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('POST /api/quizzes/q2/duplicate');
    expect((screen.getByRole('button', { name: 'Duplicate Cat Trivia' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows the server's message when the quizzes limit is reached, and the list stays as it was", async () => {
    const message = usageLimitMessage('quizzes', 2);
    routeFetch([
      me,
      on(listQuizzesEndpoint, [dogs, cats]),
      on(duplicateQuizEndpoint, answerWith(403, { error: message, code: 'quota_exceeded' }), { id: 'q1' }),
    ]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Which Dog Are You?' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).toBeNull();
    expect(quizNames()).toEqual(['Which Dog Are You?', 'Cat Trivia']);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Duplicate Which Dog Are You?' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});
