import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import '../../../ui/richText/jsdomLayout';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, { ...quiz, id: '7' }, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

async function savedQuestions(fetchMock: ReturnType<typeof serve>): Promise<Quiz['questions']> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return (put?.body as Quiz | undefined)?.questions ?? [];
}

describe('Question description', () => {
  it('is an optional formatted field under the question text, stored in the question', async () => {
    const { quiz } = buildQuiz({ questions: [{ text: 'How big is your team?' }, { text: 'Why?' }] });
    const fetchMock = serve(quiz);
    renderApp('/quizzes/7/questions');
    const pane = await screen.findByRole('region', { name: 'Question 1 settings' });
    const toolbar = within(await within(pane).findByRole('toolbar', { name: 'Formatting' }));
    const description = within(pane).getByRole('textbox', { name: 'Description' });
    const labels = [...pane.querySelectorAll('.field__label')].map((label) => label.textContent);
    expect(labels.indexOf('Description')).toBe(labels.indexOf('Question Text') + 1);
    expect(description.textContent).toBe('');

    fireEvent.paste(description, {
      clipboardData: { getData: (type: string) => (type === 'text/plain' ? 'Count yourself in.' : '') },
    });
    fireEvent.keyDown(description, { key: 'a', ctrlKey: true });
    fireEvent.click(toolbar.getByRole('button', { name: 'Italic' }));
    const [first, second] = await savedQuestions(fetchMock);
    expect(first?.description).toBe('<p><em>Count yourself in.</em></p>');
    expect(second).not.toHaveProperty('description');
  });
});
