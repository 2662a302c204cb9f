import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { addOutcome, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

async function addQuestion(text: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Question' }));
  fireEvent.change(screen.getByLabelText('Question Text'), { target: { value: text } });
}

function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText('Quiz has been saved.');
  return receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
}

describe('Questions tab', () => {
  it('sets points and Next rules on answers, and resets rules when their target question is deleted', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7', type: 'scored' }));
    renderApp('/quizzes/7/questions');
    await addQuestion('First?');
    fireEvent.click(screen.getByRole('button', { name: 'Add Answer' }));
    const answer = screen.getByRole('region', { name: 'Answer 1' });
    fireEvent.change(within(answer).getByPlaceholderText('Enter Text'), { target: { value: 'Yes' } });
    choose(answer, 'Points', 'Correct +4');
    await addQuestion('Second?');
    await addQuestion('Third?');

    fireEvent.click(screen.getByRole('button', { name: /^Question 1/ }));
    choose(screen.getByRole('region', { name: 'Answer 1' }), 'Next', 'Question 3: Third?');
    let saved = await savedBody(fetchMock);
    const [first, , third] = saved.questions;
    expect(first?.answers[0]).toMatchObject({
      text: 'Yes',
      points: 4,
      next: { behaviour: 'specific_question', target: third?.id },
    });

    choose(screen.getByRole('region', { name: 'Answer 1' }), 'Next', 'End Quiz Here');
    saved = await savedBody(fetchMock);
    expect(saved.questions[0]?.answers[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'end_quiz',
      target: -1,
    });

    choose(screen.getByRole('region', { name: 'Answer 1' }), 'Next', 'Question 3: Third?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Question 3' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }),
    );
    saved = await savedBody(fetchMock);
    expect(saved.questions.map((question) => question.text)).toEqual(['First?', 'Second?']);
    expect(saved.questions[0]?.answers[0]?.next).toMatchObject({
      behaviour: 'follow_question',
      target: null,
    });
  });

  it('links answers to outcomes in a general quiz and switches answers to images', async () => {
    const { quiz, outcomeId } = addOutcome(sampleQuiz({ id: '7' }));
    serve(updateOutcome(quiz, outcomeId, { name: 'Husky' }));
    renderApp('/quizzes/7/questions');
    await addQuestion('Snow or sun?');
    fireEvent.click(screen.getByRole('button', { name: 'Add Answer' }));
    const answer = screen.getByRole('region', { name: 'Answer 1' });
    expect(within(answer).queryByRole('combobox', { name: 'Points' })).toBeNull();
    choose(answer, 'Counts toward', 'Outcome 1: Husky');
    expect(within(answer).getByRole('combobox', { name: 'Counts toward' }).textContent).toContain(
      'Outcome 1: Husky',
    );

    choose(screen.getByRole('region', { name: 'Question 1 settings' }), 'Question Type', 'Image choice');
    expect(within(answer).getByLabelText('Answer Image')).toBeTruthy();
    expect(within(answer).getByPlaceholderText('Enter Caption')).toBeTruthy();
  });

  it('opens on the question another screen asks for, else on the first', async () => {
    const { quiz, q } = buildQuiz({
      questions: [{ text: 'First?' }, { text: 'Second?' }, { text: 'Third?' }],
    });
    serve({ ...quiz, id: '7' });
    const router = renderApp('/quizzes/7/questions');
    expect(await screen.findByRole('region', { name: 'Question 1 settings' })).toBeTruthy();
    const questionText = () => (screen.getByLabelText('Question Text') as HTMLTextAreaElement).value;

    await act(() => router.navigate('/quizzes/7'));
    await act(() => router.navigate('/quizzes/7/questions', { state: { selectItemId: q[2] } }));
    expect(await screen.findByRole('region', { name: 'Question 3 settings' })).toBeTruthy();
    expect(questionText()).toBe('Third?');
    expect(screen.getByRole('button', { name: /^Question 3/ }).closest('.item-card')?.className).toContain(
      'item-card--selected',
    );

    await act(() => router.navigate('/quizzes/7/questions', { state: { selectItemId: q[1] } }));
    expect(await screen.findByRole('region', { name: 'Question 2 settings' })).toBeTruthy();
    expect(questionText()).toBe('Second?');

    await act(() => router.navigate('/quizzes/7'));
    await act(() => router.navigate('/quizzes/7/questions', { state: { selectItemId: 9999 } }));
    expect(await screen.findByRole('region', { name: 'Question 1 settings' })).toBeTruthy();
    expect(questionText()).toBe('First?');
  });

  it('shows the validator’s warnings on the cards and follows the rules that change them', async () => {
    const { quiz } = buildQuiz({ questions: [{ text: 'First?', to: 'end' }, { text: 'Second?' }] });
    serve({ ...quiz, id: '7' });
    renderApp('/quizzes/7/questions');
    const secondCard = (await screen.findByRole('button', { name: /^Question 2/ })).closest('li');
    if (!secondCard) throw new Error('no card for question 2');
    await waitFor(() =>
      expect(within(secondCard).getByRole('note').textContent).toContain(
        'Question 2 can’t be reached from the first question.',
      ),
    );
    fireEvent.change(screen.getByLabelText('Question Text'), { target: { value: 'First, renamed?' } });
    expect(screen.getByRole('button', { name: /^Question 1/ }).textContent).toContain('First, renamed?');
    expect(within(secondCard).getByRole('note')).toBeTruthy();

    choose(
      screen.getByRole('region', { name: 'Question 1 settings' }),
      'After This Question',
      'Next Question In List',
    );
    await waitFor(() => expect(within(secondCard).queryByRole('note')).toBeNull());
  });

  const backJumpQuiz = () =>
    buildQuiz({
      type: 'general',
      questions: [
        { text: 'First?', answers: [{}] },
        { text: 'Second?', answers: [{}] },
        { text: 'Third?', answers: [{ text: 'Back' }] },
      ],
    }).quiz;

  async function openThirdQuestion() {
    renderApp('/quizzes/7/questions');
    fireEvent.click(await screen.findByRole('button', { name: /^Question 3/ }));
    const pane = screen.getByRole('region', { name: 'Question 3 settings' });
    return { pane, answer: within(pane).getByRole('region', { name: 'Answer 1' }) };
  }

  it('names an answer’s default after what the question does next', async () => {
    serve({ ...backJumpQuiz(), id: '7' });
    const { pane, answer } = await openThirdQuestion();
    const answerNext = () => within(answer).getByRole('combobox', { name: 'Next' }).textContent;
    expect(answerNext()).toContain('Same as the question (Next question in list)');
    expect(within(pane).getByRole('combobox', { name: 'After This Question' }).textContent).toContain(
      'Next Question In List',
    );
    choose(pane, 'After This Question', 'End Quiz Here');
    expect(answerNext()).toContain('Same as the question (End quiz here)');
    choose(pane, 'After This Question', 'Question 2: Second?');
    expect(answerNext()).toContain('Same as the question (Go to question 2: Second?)');
  });

  it('warns on the question’s card when a rule goes back to a question every visitor has answered', async () => {
    serve({ ...backJumpQuiz(), id: '7' });
    const { pane, answer } = await openThirdQuestion();
    const thirdCard = screen.getByRole('button', { name: /^Question 3/ }).closest('li');
    if (!thirdCard) throw new Error('no card for question 3');
    const note = () => within(thirdCard).getByRole('note').textContent;
    choose(answer, 'Next', 'Question 1: First?');
    await waitFor(() =>
      expect(note()).toContain(
        'Answer "Back" of question 3 goes back to question 1; the quiz ends there instead, since a visitor never answers a question twice.',
      ),
    );
    // The answer follows the question again, whose rule goes back to question 2, answered on every path too.
    choose(answer, 'Next', 'Same as the question (Next question in list)');
    choose(pane, 'After This Question', 'Question 2: Second?');
    await waitFor(() =>
      expect(note()).toContain(
        'After question 3 the quiz goes back to question 2; the quiz ends there instead, since a visitor never answers a question twice.',
      ),
    );
    choose(pane, 'After This Question', 'End Quiz Here');
    await waitFor(() => expect(within(thirdCard).queryByRole('note')).toBeNull());
  });
});
