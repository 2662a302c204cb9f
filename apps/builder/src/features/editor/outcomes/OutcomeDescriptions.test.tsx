import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, { ...quiz, id: '7' }, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

describe('Outcome descriptions', () => {
  it('loads a description typed as HTML with line breaks and saves its formatting', async () => {
    const built = buildQuiz({ type: 'general', outcomes: ['Beagle'] }).quiz;
    const quiz: Quiz = {
      ...built,
      outcomes: built.outcomes.map((outcome) => ({
        ...outcome,
        descriptions: ['<b>Loyal</b> and calm\nLoves walks'],
      })),
    };
    const fetchMock = serve(quiz);
    renderApp('/quizzes/7/outcomes');
    const toolbar = within(await screen.findByRole('toolbar', { name: 'Formatting' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description.innerHTML).toBe('<p><strong>Loyal</strong> and calm<br>Loves walks</p>');

    fireEvent.keyDown(description, { key: 'a', ctrlKey: true });
    fireEvent.click(toolbar.getByRole('button', { name: 'Numbered List' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Quiz has been saved.');
    const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
    expect((put?.body as Quiz | undefined)?.outcomes[0]?.descriptions).toEqual([
      '<ol><li><p><strong>Loyal</strong> and calm<br>Loves walks</p></li></ol>',
    ]);
  });
});
