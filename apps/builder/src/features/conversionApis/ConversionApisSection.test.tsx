import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  type ConversionApi,
  type ConversionApiTestResult,
  createConversionApiEndpoint,
  deleteConversionApiEndpoint,
  listConversionApisEndpoint,
  TEST_EVENT_CODE_NEEDED_TEXT,
  testConversionApiEndpoint,
  updateConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import { listConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import { GA4_MEASUREMENT_ID_TEXT, META_PIXEL_ID_TEXT } from '@quizbeam/contracts/measurement';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import {
  CONVERSION_API_DELETED_TEXT,
  CONVERSION_API_SAVED_TEXT,
  CONVERSION_APIS_NOT_LOADED_TEXT,
  KEEP_SECRET_TEXT,
  NO_CONVERSION_APIS_TEXT,
  testResultText,
} from './conversionApiTexts';

const TOKEN = 'EAAGm0PX4ZCpsBAKZCsecretTokenValue9x2Q';
const pixel: ConversionApi = {
  id: '5b0e2a7c-9d4f-4e1a-8c3b-2f6d7e8a9b0c',
  platform: 'meta',
  name: 'Main pixel',
  platformId: '123456789012345',
  testEventCode: 'TEST4242',
  secretHint: '…9x2Q',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const stream: ConversionApi = {
  ...pixel,
  id: '8c1d3e5f-7a9b-4c2d-9e0f-1a2b3c4d5e6f',
  platform: 'ga4',
  name: 'Website stream',
  platformId: 'G-ABC123DEF4',
  testEventCode: '',
  secretHint: '…e123',
};

async function openIntegrations(routes: FakeRoute[]) {
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(listConnectionsEndpoint, { items: [] }),
    on(listWebhooksEndpoint, []),
    ...routes,
  ]);
  renderApp('/integrations');
  expect(await screen.findByRole('heading', { name: 'Conversion APIs' })).toBeTruthy();
  return fetchMock;
}

const shownItems = () =>
  within(screen.getByRole('list', { name: 'Conversion APIs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Integrations: conversion APIs', () => {
  beforeAll(async () => {
    // The page's route module loads on demand; its first load is slow on a busy machine.
    await import('../integrations/IntegrationsPage');
  }, 30_000);

  it('lists the account’s conversion APIs with their platform and ID, never a secret', async () => {
    await openIntegrations([on(listConversionApisEndpoint, [pixel, stream])]);
    await waitFor(() => expect(shownItems()).toHaveLength(2));
    expect(shownItems()[0]).toContain('Main pixel');
    expect(shownItems()[0]).toContain('Meta Conversions API · Pixel ID 123456789012345 · test code TEST4242');
    expect(shownItems()[1]).toContain('Google Analytics 4 · Measurement ID G-ABC123DEF4');
    expect(document.body.innerHTML).not.toContain('9x2Q');
  });

  it('says there are none yet', async () => {
    await openIntegrations([on(listConversionApisEndpoint, [])]);
    expect(await screen.findByText(NO_CONVERSION_APIS_TEXT)).toBeTruthy();
  });

  it('says so in the section when the list cannot be loaded', async () => {
    await openIntegrations([
      on(listConversionApisEndpoint, answerWith(500, { error: 'boom', code: 'internal' })),
    ]);
    expect(await screen.findByText(CONVERSION_APIS_NOT_LOADED_TEXT)).toBeTruthy();
  });

  it('adds a Meta pixel, checking the pixel ID and token first as the server does', async () => {
    let list: ConversionApi[] = [];
    const fetchMock = await openIntegrations([
      on(listConversionApisEndpoint, () => ({ status: 200, body: list })),
      on(createConversionApiEndpoint, () => {
        list = [pixel];
        return { status: 200, body: pixel };
      }),
    ]);
    await screen.findByText(NO_CONVERSION_APIS_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Add Conversion API' }));
    const form = screen.getByRole('dialog', { name: 'Add Conversion API' });
    fireEvent.change(field(form, 'Name'), { target: { value: ' Main pixel ' } });
    fireEvent.change(field(form, 'Pixel ID'), { target: { value: 'G-123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(META_PIXEL_ID_TEXT)).toBeTruthy();
    expect(within(form).getByText('Paste the access token from Events Manager.')).toBeTruthy();
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);

    fireEvent.change(field(form, 'Pixel ID'), { target: { value: '123456789012345' } });
    const token = field(form, 'Access token');
    expect(token.type).toBe('password');
    fireEvent.change(token, { target: { value: ` ${TOKEN} ` } });
    fireEvent.change(field(form, 'Test event code (optional)'), { target: { value: 'TEST4242' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CONVERSION_API_SAVED_TEXT);
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/conversion-apis',
      body: {
        platform: 'meta',
        name: 'Main pixel',
        platformId: '123456789012345',
        secret: TOKEN,
        testEventCode: 'TEST4242',
      },
    });
    await waitFor(() => expect(shownItems()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('adds a GA4 stream: a measurement ID and an API secret, no test code', async () => {
    const fetchMock = await openIntegrations([
      on(listConversionApisEndpoint, []),
      on(createConversionApiEndpoint, stream),
    ]);
    await screen.findByText(NO_CONVERSION_APIS_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Add Conversion API' }));
    const form = screen.getByRole('dialog', { name: 'Add Conversion API' });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Platform' }));
    fireEvent.click(screen.getByRole('option', { name: 'Google Analytics 4' }));
    expect(within(form).queryByLabelText('Test event code (optional)')).toBeNull();
    fireEvent.change(field(form, 'Name'), { target: { value: 'Website stream' } });
    fireEvent.change(field(form, 'Measurement ID'), { target: { value: 'UA-1234-1' } });
    fireEvent.change(field(form, 'API secret'), { target: { value: 'Gx7_ApiSecret-Value123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(GA4_MEASUREMENT_ID_TEXT)).toBeTruthy();
    fireEvent.change(field(form, 'Measurement ID'), { target: { value: 'G-ABC123DEF4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText(CONVERSION_API_SAVED_TEXT);
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/conversion-apis',
      body: {
        platform: 'ga4',
        name: 'Website stream',
        platformId: 'G-ABC123DEF4',
        secret: 'Gx7_ApiSecret-Value123',
      },
    });
  });

  it('edits one: the platform stays, a blank token keeps the saved one', async () => {
    const fetchMock = await openIntegrations([
      on(listConversionApisEndpoint, [pixel]),
      on(
        updateConversionApiEndpoint,
        ({ body }) => ({ status: 200, body: { ...pixel, ...(body as object) } }),
        {
          id: pixel.id,
        },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Main pixel' }));
    const form = screen.getByRole('dialog', { name: 'Edit Conversion API' });
    expect((within(form).getByRole('combobox', { name: 'Platform' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(field(form, 'Pixel ID').value).toBe(pixel.platformId);
    expect(field(form, 'Access token').value).toBe('');
    expect(form.textContent).toContain(`${KEEP_SECRET_TEXT} (it ends in …9x2Q).`);
    fireEvent.change(field(form, 'Name'), { target: { value: 'Shop pixel' } });
    fireEvent.change(field(form, 'Test event code (optional)'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText(CONVERSION_API_SAVED_TEXT);
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `PUT /api/conversion-apis/${pixel.id}`,
      body: {
        platform: 'meta',
        name: 'Shop pixel',
        platformId: pixel.platformId,
        secret: '',
        testEventCode: '',
      },
    });
  });

  it('sends a test event and shows what Meta or GA4’s validation server said', async () => {
    const metaAnswer: ConversionApiTestResult = {
      platform: 'meta',
      ok: true,
      statusCode: 200,
      error: null,
      eventsReceived: 1,
      validationMessages: [],
    };
    const ga4Answer: ConversionApiTestResult = {
      platform: 'ga4',
      ok: false,
      statusCode: 200,
      error: "Google's validation server refused the event: Event name is reserved.",
      eventsReceived: null,
      validationMessages: [
        {
          fieldPath: 'events[0].name',
          description: 'Event name is reserved.',
          validationCode: 'NAME_RESERVED',
        },
      ],
    };
    await openIntegrations([
      on(listConversionApisEndpoint, [pixel, stream]),
      on(testConversionApiEndpoint, metaAnswer, { id: pixel.id }),
      on(testConversionApiEndpoint, ga4Answer, { id: stream.id }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test Event: Main pixel' }));
    const [metaItem, ga4Item] = within(screen.getByRole('list', { name: 'Conversion APIs' })).getAllByRole(
      'listitem',
    );
    if (!metaItem || !ga4Item) throw new Error('two items');
    expect((await within(metaItem).findByRole('status')).textContent).toBe(
      testResultText('Main pixel', metaAnswer),
    );
    expect(testResultText('Main pixel', metaAnswer)).toBe(
      'Meta took the test event for "Main pixel". Look for it under Test Events in Events Manager.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Event: Website stream' }));
    const result = await within(ga4Item).findByRole('status');
    expect(result.textContent).toContain(
      'The test event for "Website stream" did not go through: Google\'s validation server refused the event',
    );
    expect(result.textContent).toContain('events[0].name Event name is reserved. (NAME_RESERVED)');
  });

  it('shows why a test could not be sent (no test event code)', async () => {
    await openIntegrations([
      on(listConversionApisEndpoint, [{ ...pixel, testEventCode: '' }]),
      on(
        testConversionApiEndpoint,
        answerWith(400, { code: 'validation_failed', error: TEST_EVENT_CODE_NEEDED_TEXT }),
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test Event: Main pixel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEST_EVENT_CODE_NEEDED_TEXT);
  });

  it('deletes after confirming, and shows why when a quiz still uses it', async () => {
    let list = [pixel];
    let inUse = true;
    const fetchMock = await openIntegrations([
      on(listConversionApisEndpoint, () => ({ status: 200, body: list })),
      on(
        deleteConversionApiEndpoint,
        () => {
          if (inUse)
            return {
              status: 409,
              body: {
                code: 'in_use',
                error: 'This conversion API is used by "Spring quiz".',
                quizzes: ['Spring quiz'],
              },
            };
          list = [];
          return { status: 200, body: { ok: true } };
        },
        { id: pixel.id },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Main pixel' }));
    const confirmation = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirmation.textContent).toContain('Delete the conversion API "Main pixel"?');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Main pixel' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This conversion API is used by "Spring quiz".',
    );
    inUse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Main pixel' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe(CONVERSION_API_DELETED_TEXT);
    await waitFor(() => expect(screen.getByText(NO_CONVERSION_APIS_TEXT)).toBeTruthy());
  });
});
