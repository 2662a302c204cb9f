import { meEndpoint } from '@quizbeam/contracts/auth';
import { getQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE } from './features/errors/NotFoundPage';
import { SERVER_ERROR_TITLE } from './features/errors/ServerErrorPage';
import { accountHolder, answerWith, notFound, on, routeFetch, signedOut } from './test/fakeServer';
import { sampleQuiz } from './test/quizzes';
import { renderApp } from './test/renderApp';
import { EMPTY_STATE_TEXT } from './ui/EmptyState';

describe('routes', () => {
  it('shows the Not-found page for an unknown path, with a way back to My Quizzes', async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(listQuizzesEndpoint, [])]);
    const router = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@quizbeam.app' }).getAttribute('href')).toBe(
      'mailto:support@quizbeam.app',
    );
    const back = screen.getByRole('link', { name: 'Back to My Quizzes' });
    expect(back.getAttribute('href')).toBe('/');
    fireEvent.click(back);
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor of / to the sign-in screen', async () => {
    const fetchMock = routeFetch([on(meEndpoint, answerWith(401, signedOut))]);
    const router = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('shows the dashboard with its empty state to a signed-in account', async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(listQuizzesEndpoint, [])]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeTruthy();
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
    expect(screen.getByText('ada lovelace')).toBeTruthy();
  });

  it('shows the Not-found page to a limited account on /zapier', async () => {
    routeFetch([on(meEndpoint, accountHolder({ isLimited: true }))]);
    renderApp('/zapier');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Zapier' })).toBeNull();
  });

  it('opens /zapier for an account that is not limited', async () => {
    routeFetch([on(meEndpoint, accountHolder())]);
    renderApp('/zapier');
    expect(await screen.findByRole('heading', { name: 'Zapier' })).toBeTruthy();
  });

  it('keeps quiz analytics away from a limited account', async () => {
    routeFetch([
      on(meEndpoint, accountHolder({ isLimited: true })),
      on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' }),
    ]);
    renderApp('/quizzes/7/analytics');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publish' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Analytics' })).toBeNull();
  });

  it('shows the quiz editor with its tabs and top bar', async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' })]);
    renderApp('/quizzes/7/start-page');
    expect(await screen.findByRole('heading', { name: 'Start Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configure' }).getAttribute('href')).toBe('/quizzes/7');
    expect(screen.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe('/quizzes/7/analytics');
    for (const name of ['Preview', 'Save', 'Delete', 'Close']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it("shows the Not-found page for another account's or an unknown quiz", async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, notFound, { id: '8' })]);
    renderApp('/quizzes/8');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the server-error screen when the session cannot be loaded', async () => {
    routeFetch([on(meEndpoint, answerWith(500, { error: 'Internal error.', code: 'internal' }))]);
    renderApp('/domains');
    expect(await screen.findByRole('heading', { name: SERVER_ERROR_TITLE })).toBeTruthy();
  });

  it('serves the public error pages without a session', async () => {
    const fetchMock = routeFetch([on(meEndpoint, answerWith(401, signedOut))]);
    renderApp('/error/500');
    expect(await screen.findByRole('heading', { name: SERVER_ERROR_TITLE })).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
