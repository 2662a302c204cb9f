import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  createImageEndpoint,
  IMAGE_LIMITS_TEXT,
  IMAGE_SIZE_HINT_TEXT,
  IMAGE_TYPE_MESSAGE,
} from '@quizbeam/contracts/images';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHolder, jsonResponse, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';

const created = {
  preSignedUrl: '/uploads/images/account-1/key.png?expires=1&signature=s',
  accountId: 'account-1',
  s3Key: 'images/account-1/key.png',
  url: '/uploads/images/account-1/key.png',
  id: 'image-1',
  filename: 'photo.png',
  uploadHeaders: { 'Content-Type': 'image/png' as const, 'Cache-Control': 'max-age=2419200' },
  width: null,
  height: null,
};

function serve() {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' }),
    on(createImageEndpoint, created, { account: 'account-1' }),
  ]);
}

async function openQuestionImage() {
  renderApp('/quizzes/7/questions');
  fireEvent.click(await screen.findByRole('button', { name: 'Add Question' }));
  return screen.getByLabelText('Question Image');
}

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

describe('image picker', () => {
  it('states the limits and the 1280 × 900 hint beside the picker', async () => {
    serve();
    const input = await openQuestionImage();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(`${IMAGE_LIMITS_TEXT} ${IMAGE_SIZE_HINT_TEXT}`)).toBeTruthy();
    expect(IMAGE_SIZE_HINT_TEXT).toContain('1280 × 900');
  });

  it('refuses a file over 5 MB before any call, saying why beside the picker and in the notification', async () => {
    const fetchMock = serve();
    const input = await openQuestionImage();
    const calls = receivedCalls(fetchMock).length;
    choose(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That file is larger than 5 MB.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('That file is larger than 5 MB.')).toHaveLength(2);
    expect(receivedCalls(fetchMock)).toHaveLength(calls);
  });

  it('refuses a file that is not an image', async () => {
    const fetchMock = serve();
    const input = await openQuestionImage();
    const calls = receivedCalls(fetchMock).length;
    choose(input, new File(['%PDF-1.7'], 'brief.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That file is not a PNG, JPEG, GIF or WebP image.',
    );
    expect(receivedCalls(fetchMock)).toHaveLength(calls);
  });

  it('shows what the upload itself answered when the stored file turns out not to be an image', async () => {
    const fake = serve();
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) =>
      url.startsWith('/uploads/')
        ? jsonResponse(400, { error: IMAGE_TYPE_MESSAGE, code: 'validation_failed' })
        : fake(url, init),
    );
    const input = await openQuestionImage();
    choose(input, new File(['not really a png'], 'photo.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(IMAGE_TYPE_MESSAGE);
  });
});
