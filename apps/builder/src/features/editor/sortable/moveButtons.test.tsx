import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { SortableList } from './SortableList';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText('Quiz has been saved.');
  return receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
}

const threeOfEach = (): Quiz => ({
  ...buildQuiz({
    type: 'general',
    questions: ['One?', 'Two?', 'Three?'].map((text) => ({
      text,
      answers: [{ text: 'Red' }, { text: 'Green' }, { text: 'Blue' }],
    })),
    outcomes: ['Alpha', 'Beta', 'Gamma'],
  }).quiz,
  id: '7',
});

function Letters() {
  const [letters, setLetters] = useState([
    { id: 1, name: 'A' },
    { id: 2, name: 'B' },
    { id: 3, name: 'C' },
  ]);
  return (
    <SortableList
      label="Letters"
      items={letters}
      itemName={(letter) => `Letter ${letter.name}`}
      onMove={(id, toIndex) =>
        setLetters((current) => {
          const letter = current.find((candidate) => candidate.id === id);
          if (!letter) return current;
          const others = current.filter((candidate) => candidate !== letter);
          return [...others.slice(0, toIndex), letter, ...others.slice(toIndex)];
        })
      }
      renderItem={(letter, handle) => (
        <span>
          {handle}
          {letter.name}
        </span>
      )}
    />
  );
}

const rowTexts = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((row) => row.textContent?.replace(/[⠿▲▼]/g, ''));

describe('Move up and Move down', () => {
  it('are named after the item, disabled at the ends, keep focus on the moved item and announce its place', () => {
    render(<Letters />);
    expect(screen.getByRole('button', { name: 'Move Letter A up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Letter C down' })).toHaveProperty('disabled', true);

    const down = screen.getByRole('button', { name: 'Move Letter A down' });
    down.focus();
    fireEvent.click(down);
    expect(rowTexts('Letters')).toEqual(['B', 'A', 'C']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Letter A down' }));
    expect(screen.getByText('Letter A moved to position 2 of 3.').getAttribute('role')).toBe('status');

    fireEvent.click(screen.getByRole('button', { name: 'Move Letter A down' }));
    expect(rowTexts('Letters')).toEqual(['B', 'C', 'A']);
    // At the end Move down is disabled, so focus goes to Move up rather than to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Letter A up' }));

    fireEvent.click(screen.getByRole('button', { name: 'Move Letter C up' }));
    expect(rowTexts('Letters')).toEqual(['C', 'B', 'A']);
  });

  it('reorder questions, answers and outcomes with the quiz engine, saved as moved', async () => {
    const fetchMock = serve(threeOfEach());
    renderApp('/quizzes/7/questions');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Question 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Question 3 up' }));
    // The first question's card is selected; its pane lists its answers.
    const answers = within(screen.getByRole('list', { name: 'Answers' }));
    fireEvent.click(answers.getByRole('button', { name: 'Move Answer 3 up' }));
    let saved = await savedBody(fetchMock);
    expect(saved.questions.map((question) => question.text)).toEqual(['Two?', 'Three?', 'One?']);
    expect(saved.questions[2]?.answers.map((answer) => answer.text)).toEqual(['Red', 'Blue', 'Green']);

    fireEvent.click(screen.getByRole('link', { name: 'Outcomes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move Outcome 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Outcome 2 down' }));
    saved = await savedBody(fetchMock);
    expect(saved.outcomes.map((outcome) => outcome.name)).toEqual(['Beta', 'Gamma', 'Alpha']);
    // Two tabs of the whole editor: slower than the default limit on a busy machine.
  }, 20_000);
});
