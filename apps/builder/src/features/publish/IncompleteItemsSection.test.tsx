import { INVALID_PRIVACY_POLICY_URL_TEXT } from '@quizbeam/quiz-engine/publishability';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishableQuiz, servePublishing } from '../../test/publishing';
import { renderApp } from '../../test/renderApp';

// The route loads the tab lazily; loading it once up front keeps the test within findBy's timeout.
beforeAll(async () => {
  await import('./PublishTab');
});

describe('Publish tab, incomplete capture form', () => {
  it('lists a privacy policy URL visitors cannot follow, with a way to the Capture Form tab', async () => {
    const quiz = publishableQuiz();
    servePublishing({
      ...quiz,
      leadCaptureSettings: {
        ...quiz.leadCaptureSettings,
        enabled: true,
        privacyPolicyUrl: 'javascript:void 0',
      },
    });
    const router = renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Not ready to publish' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Incomplete Capture Form' }).textContent).toBe(
      INVALID_PRIVACY_POLICY_URL_TEXT,
    );
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Capture Form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/7/capture-form'));
  });
});
