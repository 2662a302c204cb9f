import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { QUIZ_SAVED_TEXT } from './saveCurrentQuiz';

// Each test edits a quiz of its own, so nothing one leaves on the device reaches the next.
function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: quiz.id }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: quiz.id }),
  ]);
}

async function savedBody(fetchMock: ReturnType<typeof serve>, quizId: string): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText(QUIZ_SAVED_TEXT);
  return receivedCalls(fetchMock).findLast((call) => call.route === `PUT /api/quizzes/${quizId}`)
    ?.body as Quiz;
}

const cardsOf = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('listitem');

/** The card whose title is `title`, and whether it is the selected one. */
function isSelected(title: string): boolean {
  const select = screen.getByRole('button', { name: new RegExp(`^${title}(?!\\d)`) });
  return select.closest('.item-card')?.classList.contains('item-card--selected') ?? false;
}

describe('Duplicate on the question and outcome cards', () => {
  it('copies a question with its answers right after it, selects the copy, and edits it on its own', async () => {
    const { quiz } = buildQuiz({
      type: 'scored',
      questions: [
        { text: 'Pick a pet', answers: [{ text: 'Dog', points: 3 }, { text: 'Cat' }] },
        { text: 'Why?', answers: [{ text: 'Because' }] },
      ],
    });
    const fetchMock = serve({ ...quiz, id: '7' });
    renderApp('/quizzes/7/questions');

    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Question 1' }));
    expect(cardsOf('Questions').map((card) => card.textContent)).toEqual([
      expect.stringContaining('Question 1Pick a pet'),
      expect.stringContaining('Question 2Pick a pet'),
      expect.stringContaining('Question 3Why?'),
    ]);
    expect(isSelected('Question 2')).toBe(true);
    expect(isSelected('Question 1')).toBe(false);
    const pane = screen.getByLabelText('Question Text') as HTMLInputElement | HTMLTextAreaElement;
    expect(pane.value).toBe('Pick a pet');

    fireEvent.change(pane, { target: { value: 'Pick another pet' } });
    const saved = await savedBody(fetchMock, '7');
    expect(saved.questions.map((question) => [question.text, question.rank])).toEqual([
      ['Pick a pet', 1],
      ['Pick another pet', 2],
      ['Why?', 3],
    ]);
    const [original, copy] = saved.questions;
    expect(copy?.id).toBe(quiz.nextId);
    expect(copy?.answers.map((answer) => [answer.text, answer.points])).toEqual([
      ['Dog', 3],
      ['Cat', 0],
    ]);
    const answerIds = [...(original?.answers ?? []), ...(copy?.answers ?? [])].map((answer) => answer.id);
    expect(new Set(answerIds).size).toBe(4);
  });

  it('copies an outcome as "{name} (copy)" right after it and selects the copy', async () => {
    const { quiz } = buildQuiz({ type: 'general', outcomes: ['Dog person', 'Cat person'] });
    const fetchMock = serve({ ...quiz, id: '8' });
    renderApp('/quizzes/8/outcomes');

    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Outcome 1' }));
    expect(cardsOf('Outcomes').map((card) => card.textContent)).toEqual([
      expect.stringContaining('Outcome 1Dog person'),
      expect.stringContaining('Outcome 2Dog person (copy)'),
      expect.stringContaining('Outcome 3Cat person'),
    ]);
    expect(isSelected('Outcome 2')).toBe(true);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Dog person (copy)');

    const saved = await savedBody(fetchMock, '8');
    expect(saved.outcomes.map((outcome) => [outcome.id, outcome.name])).toEqual([
      [quiz.outcomes[0]?.id, 'Dog person'],
      [quiz.nextId, 'Dog person (copy)'],
      [quiz.outcomes[1]?.id, 'Cat person'],
    ]);
  });
});
