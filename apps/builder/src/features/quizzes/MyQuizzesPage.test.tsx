import { meEndpoint } from '@quizbeam/contracts/auth';
import { QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import {
  deleteQuizEndpoint,
  listQuizzesEndpoint,
  shareQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import { importSharedQuizEndpoint, SHARE_CODE_REQUIRED_TEXT } from '@quizbeam/contracts/sharing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { quizSummary } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { DELETE_QUIZ_TEXT } from './DeleteQuizConfirmation';
import { QUIZ_IMPORTED_TEXT } from './ImportQuizModal';
import { LINK_COPIED_TEXT } from './ShareQuizModal';

const me = on(meEndpoint, accountHolder());
const ofAccount1 = { account: 'account-1' };
const dogs = quizSummary({ id: 'q1', name: 'Which Dog Are You?', isPublished: true });
const cats = quizSummary({ id: 'q2', name: 'Cat Trivia', type: 'scored' });

function quizNames() {
  return within(screen.getByRole('list', { name: 'Quizzes' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

describe('My Quizzes', () => {
  it('shows a card per quiz and filters by name, ignoring case', async () => {
    routeFetch([me, on(listQuizzesEndpoint, [dogs, cats])]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Cat Trivia' })).toBeTruthy();
    expect(quizNames()).toEqual(['Which Dog Are You?', 'Cat Trivia']);
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByText('Scored')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Cat Trivia' }).getAttribute('href')).toBe('/quizzes/q2');
    expect(screen.getByRole('link', { name: 'New Quiz' }).getAttribute('href')).toBe('/quizzes/new');

    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'dOG' } });
    expect(quizNames()).toEqual(['Which Dog Are You?']);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'parrot' } });
    expect(screen.getByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });

  it('shows the empty state when there are no quizzes', async () => {
    routeFetch([me, on(listQuizzesEndpoint, [])]);
    renderApp('/');
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });

  it('deletes only after confirmation, then refreshes the list', async () => {
    let quizzes = [dogs, cats];
    const fetchMock = routeFetch([
      me,
      on(listQuizzesEndpoint, () => ({ status: 200, body: quizzes })),
      on(
        deleteQuizEndpoint,
        () => {
          quizzes = [dogs];
          return { status: 200, body: { ok: true } };
        },
        { id: 'q2' },
      ),
    ]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cat Trivia' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(DELETE_QUIZ_TEXT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cat Trivia' }));
    // A red Delete, not the default blue OK: what it does is named on the button.
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('button--danger');
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'OK' })).toBeNull();
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe('Delete complete.');
    expect(quizNames()).toEqual(['Which Dog Are You?']);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('DELETE /api/quizzes/q2');
  });

  it('shares a quiz and copies its link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routeFetch([
      me,
      on(listQuizzesEndpoint, [dogs]),
      on(shareQuizEndpoint, { shareCode: 'abc123' }, { account: 'account-1', id: 'q1' }),
    ]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Share Which Dog Are You?' }));
    const link = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/share/abc123`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toBe(LINK_COPIED_TEXT);
    expect(writeText).toHaveBeenCalledWith(link.value);
  });

  it('asks for a name and a share code before importing, and reports a failed import', async () => {
    const fetchMock = routeFetch([
      me,
      on(listQuizzesEndpoint, []),
      on(importSharedQuizEndpoint, answerWith(500, { error: 'Boom', code: 'internal' }), ofAccount1),
    ]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Import Quiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Quiz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(dialog.textContent).toContain(QUIZ_NAME_REQUIRED_TEXT);
    expect(dialog.textContent).toContain(SHARE_CODE_REQUIRED_TEXT);
    expect(receivedCalls(fetchMock).some((call) => call.route.includes('import'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Quiz Name'), { target: { value: 'Copy of dogs' } });
    fireEvent.change(within(dialog).getByLabelText('Share Code'), { target: { value: 'abc123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    await waitFor(() =>
      expect(receivedCalls(fetchMock)).toContainEqual({
        route: 'POST /accounts/account-1/shared/import',
        body: { name: 'Copy of dogs', shareCode: 'abc123' },
      }),
    );
  });

  it('shows an unknown share code at its field, and refreshes the list after an import', async () => {
    let quizzes = [dogs];
    routeFetch([
      me,
      on(listQuizzesEndpoint, () => ({ status: 200, body: quizzes })),
      on(
        importSharedQuizEndpoint,
        ({ body }) => {
          if ((body as { shareCode: string }).shareCode !== 'good-code')
            return { status: 404, body: { error: 'That share code does not exist.', code: 'not_found' } };
          quizzes = [dogs, cats];
          return { status: 200, body: { quizId: 'q2' } };
        },
        ofAccount1,
      ),
    ]);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Import Quiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Quiz' });
    fireEvent.change(within(dialog).getByLabelText('Quiz Name'), { target: { value: 'Cat Trivia' } });
    fireEvent.change(within(dialog).getByLabelText('Share Code'), { target: { value: 'typo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('That share code does not exist.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Share Code').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(dialog).getByLabelText('Share Code'), { target: { value: 'good-code' } });
    expect(within(dialog).queryByText('That share code does not exist.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_IMPORTED_TEXT);
    await waitFor(() => expect(quizNames()).toEqual(['Which Dog Are You?', 'Cat Trivia']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
