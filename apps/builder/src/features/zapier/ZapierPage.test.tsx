import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  getZapierApiKeyEndpoint,
  regenerateZapierApiKeyEndpoint,
  ZAPIER_KEY_COPIED_TEXT,
} from '@quizbeam/contracts/zapier';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { KEY_REGENERATED_TEXT, REGENERATE_KEY_TEXT } from './zapierTexts';

const ACCOUNT = 'account-1';
const KEY = 'qbz_AAAAbbbbCCCCddddEEEEffffGGGGhhhhIIIIjjjjKKK';
const NEW_KEY = 'qbz_ZZZZyyyyXXXXwwwwVVVVuuuuTTTTssssRRRRqqqqPPP';

const keyInput = () => screen.getByLabelText('API Key') as HTMLInputElement;

async function openZapier(routes: Parameters<typeof routeFetch>[0]) {
  const fetchMock = routeFetch([on(meEndpoint, accountHolder()), ...routes]);
  renderApp('/zapier');
  expect(await screen.findByRole('heading', { name: 'Zapier' })).toBeTruthy();
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Zapier', () => {
  it('shows the API key read-only, with how to use it, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = await openZapier([on(getZapierApiKeyEndpoint, { apiKey: KEY }, { account: ACCOUNT })]);
    await waitFor(() => expect(keyInput().value).toBe(KEY));
    expect(keyInput().readOnly).toBe(true);
    expect(screen.getByText(/search for Quizbeam/)).toBeTruthy();
    expect(screen.getByText(/paste the key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toBe(ZAPIER_KEY_COPIED_TEXT);
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `GET /accounts/${ACCOUNT}/zapier/api-key`,
    );
  });

  it('shows the default error when the copy fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    await openZapier([on(getZapierApiKeyEndpoint, { apiKey: KEY })]);
    await waitFor(() => expect(keyInput().value).toBe(KEY));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
  });

  it('regenerates the key only after confirmation, then shows the new one', async () => {
    const fetchMock = await openZapier([
      on(getZapierApiKeyEndpoint, { apiKey: KEY }),
      on(regenerateZapierApiKeyEndpoint, { apiKey: NEW_KEY }, { account: ACCOUNT }),
    ]);
    await waitFor(() => expect(keyInput().value).toBe(KEY));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(REGENERATE_KEY_TEXT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);
    expect(keyInput().value).toBe(KEY);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(KEY_REGENERATED_TEXT);
    expect(keyInput().value).toBe(NEW_KEY);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `POST /accounts/${ACCOUNT}/zapier/api-key/regenerate`,
    );
  });

  it('shows the default error when the key cannot be loaded', async () => {
    await openZapier([on(getZapierApiKeyEndpoint, answerWith(500, { error: 'Boom', code: 'internal' }))]);
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(keyInput().value).toBe('');
  });

  it('keeps the old key shown when regenerating fails', async () => {
    await openZapier([
      on(getZapierApiKeyEndpoint, { apiKey: KEY }),
      on(regenerateZapierApiKeyEndpoint, answerWith(500, { error: 'Boom', code: 'internal' })),
    ]);
    await waitFor(() => expect(keyInput().value).toBe(KEY));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(keyInput().value).toBe(KEY);
  });
});
