import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';

function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

const options = (scope: HTMLElement, label: string) => {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  const names = screen.getAllByRole('option').map((option) => option.textContent);
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  return names;
};

describe('Weighted outcome links', () => {
  it('links an answer and a rating value to up to three weighted outcomes, and drops links to a deleted outcome', async () => {
    const { quiz } = buildQuiz({
      type: 'general',
      questions: [{ text: 'Weekend?', answers: [{ text: 'Hike' }] }, { text: 'How social?' }],
      outcomes: ['Explorer', 'Host', 'Thinker'],
    });
    const fetchMock = routeFetch([
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, { ...quiz, id: '7' }, { id: '7' }),
      on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    ]);
    const router = renderApp('/quizzes/7/questions');
    const answer = await screen.findByRole('region', { name: 'Answer 1' });
    expect(within(answer).queryByRole('button', { name: 'Add another outcome' })).toBeNull();
    choose(answer, 'Counts toward', 'Outcome 1: Explorer');
    choose(answer, 'Weight', '3');
    fireEvent.click(within(answer).getByRole('button', { name: 'Add another outcome' }));
    const firstExtra = within(answer).getByRole('group', { name: 'Extra outcome 1' });
    expect(within(firstExtra).getByRole('combobox', { name: 'Also counts toward' }).textContent).toContain(
      'Outcome 2: Host',
    );
    // An outcome another link of the answer takes is not offered again.
    expect(options(firstExtra, 'Also counts toward')).toEqual(['Outcome 2: Host', 'Outcome 3: Thinker']);
    choose(firstExtra, 'Weight', '2');
    fireEvent.click(within(answer).getByRole('button', { name: 'Add another outcome' }));
    expect(within(answer).queryByRole('button', { name: 'Add another outcome' })).toBeNull();
    const secondExtra = within(answer).getByRole('group', { name: 'Extra outcome 2' });
    expect(options(secondExtra, 'Also counts toward')).toEqual(['Outcome 3: Thinker']);

    fireEvent.click(screen.getByRole('button', { name: /^Question 2/ }));
    const pane = screen.getByRole('region', { name: 'Question 2 settings' });
    choose(pane, 'Question Type', 'Rating');
    const fiveStars = within(pane).getByRole('group', { name: '5 stars' });
    choose(fiveStars, 'Counts toward', 'Outcome 2: Host');
    choose(fiveStars, 'Weight', '4');

    await act(() => router.navigate('/quizzes/7/outcomes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Outcome 2' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }),
    );
    const before = receivedCalls(fetchMock).length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
    const saved = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')
      ?.body as Quiz;
    const [explorer, , thinker] = quiz.outcomes.map((outcome) => outcome.id);
    expect(saved.questions[0]?.answers[0]).toMatchObject({
      outcome: explorer,
      outcomeWeight: 3,
      extraOutcomes: [{ outcome: thinker, weight: 1 }],
    });
    expect(saved.questions[1]?.ranges?.[4]).toMatchObject({ from: 5, outcome: null });
    expect(saved.questions[1]?.ranges?.[4]).not.toHaveProperty('outcomeWeight');
  });
});
