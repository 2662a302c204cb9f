import { meEndpoint } from '@quizbeam/contracts/auth';
import { QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { importSharedQuizEndpoint, sharedQuizEndpoint } from '@quizbeam/contracts/sharing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { QUIZ_IMPORTED_TEXT } from '../quizzes/ImportQuizModal';

const me = on(meEndpoint, accountHolder());
const SHARE_CODE = '0123456789abcdef';

describe('the share page', () => {
  it('previews the shared quiz and imports it under the name given, then returns to the list', async () => {
    const fetchMock = routeFetch([
      me,
      on(sharedQuizEndpoint, { name: 'Which Dog Are You?' }, { shareCode: SHARE_CODE }),
      on(importSharedQuizEndpoint, { quizId: 'q9' }, { account: 'account-1' }),
      on(listQuizzesEndpoint, []),
    ]);
    renderApp(`/share/${SHARE_CODE}`);
    expect(await screen.findByRole('heading', { name: 'Import Which Dog Are You?' })).toBeTruthy();
    const frame = screen.getByTitle('Preview of Which Dog Are You?');
    expect(frame.getAttribute('src')).toBe(`/api/shared-quizzes/${SHARE_CODE}/preview`);
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_FRAME_SANDBOX);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import Quiz' });
    expect(within(dialog).queryByLabelText('Share Code')).toBeNull();
    const nameField = within(dialog).getByLabelText('Quiz Name');
    expect((nameField as HTMLInputElement).value).toBe('Which Dog Are You?');
    fireEvent.change(nameField, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(dialog.textContent).toContain(QUIZ_NAME_REQUIRED_TEXT);
    fireEvent.change(nameField, { target: { value: 'My dogs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_IMPORTED_TEXT);
    expect(await screen.findByRole('heading', { name: 'My Quizzes' })).toBeTruthy();
    await waitFor(() =>
      expect(receivedCalls(fetchMock)).toContainEqual({
        route: 'POST /accounts/account-1/shared/import',
        body: { name: 'My dogs', shareCode: SHARE_CODE },
      }),
    );
  });

  it('says so when no quiz is shared under the code', async () => {
    routeFetch([
      me,
      on(
        sharedQuizEndpoint,
        answerWith(404, { error: 'That share code does not exist.', code: 'not_found' }),
        {
          shareCode: 'unknown',
        },
      ),
    ]);
    renderApp('/share/unknown');
    expect(await screen.findByText('That share code does not exist.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
