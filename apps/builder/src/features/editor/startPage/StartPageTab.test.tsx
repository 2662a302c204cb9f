import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

async function savedDescription(fetchMock: ReturnType<typeof serve>): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return (put?.body as Quiz | undefined)?.description ?? '';
}

describe('Start Page description', () => {
  it('formats the text typed before as a list, follows the toggle and undoes from outside the field', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7', description: 'Three questions.\nOne minute.' }));
    renderApp('/quizzes/7/start-page');
    const toolbar = within(await screen.findByRole('toolbar', { name: 'Formatting' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description.innerHTML).toBe('<p>Three questions.<br>One minute.</p>');

    fireEvent.keyDown(description, { key: 'a', ctrlKey: true });
    fireEvent.click(toolbar.getByRole('button', { name: 'Bulleted List' }));
    expect(await savedDescription(fetchMock)).toBe(
      '<ul><li><p>Three questions.<br>One minute.</p></li></ul>',
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Use Start Page' }));
    expect(description.getAttribute('aria-disabled')).toBe('true');
    expect(description.getAttribute('contenteditable')).toBe('false');

    // Undo the toggle, then the list: the store's undo reaches the field's content.
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(description.innerHTML).toBe('<p>Three questions.<br>One minute.</p>'));
    expect(description.getAttribute('contenteditable')).toBe('true');
    expect(await savedDescription(fetchMock)).toBe('Three questions.\nOne minute.');
  });
});
