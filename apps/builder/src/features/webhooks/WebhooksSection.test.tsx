import { meEndpoint } from '@quizbeam/contracts/auth';
import { listConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import type { LeadCreatedPayload } from '@quizbeam/contracts/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhooksEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
  WEBHOOK_URL_CREDENTIALS_TEXT,
  WEBHOOK_URL_SCHEME_TEXT,
  type Webhook,
} from '@quizbeam/contracts/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  ROTATE_SECRET_TEXT,
  SECRET_COPIED_TEXT,
  SECRET_SHOWN_ONCE_TEXT,
  testDeliveredText,
  testFailedText,
  WEBHOOK_DELETED_TEXT,
} from './webhookTexts';

const ACCOUNT = 'account-1';
const crm: Webhook = {
  id: 'w1',
  name: 'CRM',
  url: 'https://crm.example.com/hooks/quizbeam',
  createdAt: '2026-01-02T03:04:05.000Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_c2Vjb25kIHNlY3JldCBvZiAzMiBieXRlcyE=';

async function openIntegrations(routes: FakeRoute[]) {
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(listConnectionsEndpoint, { items: [] }),
    ...routes,
  ]);
  renderApp('/integrations');
  expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeTruthy();
  return fetchMock;
}

const shownWebhooks = () =>
  within(screen.getByRole('list', { name: 'Webhooks' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function fillForm(dialog: HTMLElement, name: string, url: string) {
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: url } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Integrations: webhooks', () => {
  it('shows the account’s webhooks with their URLs below the connections', async () => {
    const fetchMock = await openIntegrations([on(listWebhooksEndpoint, [crm], { account: ACCOUNT })]);
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    await waitFor(() => expect(shownWebhooks()).toHaveLength(1));
    expect(shownWebhooks()[0]).toContain('CRM');
    expect(shownWebhooks()[0]).toContain(crm.url);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(`GET /accounts/${ACCOUNT}/webhooks`);
  });

  it('says there are none yet', async () => {
    await openIntegrations([on(listWebhooksEndpoint, [])]);
    expect(await screen.findByText('No webhooks yet. Add one to send your leads to it.')).toBeTruthy();
  });

  it('adds a webhook, then shows its secret once with Copy, and lists it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let webhooks: Webhook[] = [];
    const fetchMock = await openIntegrations([
      on(listWebhooksEndpoint, () => ({ status: 200, body: webhooks })),
      on(createWebhookEndpoint, ({ body }) => {
        webhooks = [{ ...crm, ...(body as { name: string; url: string }) }];
        return { status: 200, body: { webhook: webhooks[0], secret: SECRET } };
      }),
    ]);
    await screen.findByText(/No webhooks yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const form = screen.getByRole('dialog', { name: 'Add Webhook' });
    fillForm(form, ' CRM ', ' https://crm.example.com/hooks/quizbeam ');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Secret of CRM' });
    expect(secretDialog.textContent).toContain(SECRET_SHOWN_ONCE_TEXT);
    expect((within(secretDialog).getByLabelText('Webhook secret') as HTMLInputElement).value).toBe(SECRET);
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toBe(SECRET_COPIED_TEXT);
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `POST /accounts/${ACCOUNT}/webhooks`,
      body: { name: 'CRM', url: 'https://crm.example.com/hooks/quizbeam' },
    });
    await waitFor(() => expect(shownWebhooks()).toHaveLength(1));

    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('checks the URL before sending: http(s) only, no user name or password', async () => {
    const fetchMock = await openIntegrations([on(listWebhooksEndpoint, [])]);
    await screen.findByText(/No webhooks yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const form = screen.getByRole('dialog', { name: 'Add Webhook' });
    fillForm(form, 'CRM', 'ftp://crm.example.com/in');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(WEBHOOK_URL_SCHEME_TEXT)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('URL'), {
      target: { value: 'https://me:pw@crm.example.com/in' },
    });
    expect(within(form).getByText(WEBHOOK_URL_CREDENTIALS_TEXT)).toBeTruthy();
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);
  });

  it('shows the server’s refusal and keeps the form open', async () => {
    await openIntegrations([
      on(listWebhooksEndpoint, []),
      on(
        createWebhookEndpoint,
        answerWith(400, { error: 'Invalid request. body/url: Not reachable.', code: 'validation_failed' }),
      ),
    ]);
    await screen.findByText(/No webhooks yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add Webhook' }));
    const form = screen.getByRole('dialog', { name: 'Add Webhook' });
    fillForm(form, 'CRM', 'https://crm.example.com/in');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not reachable.');
    expect(screen.getByRole('dialog', { name: 'Add Webhook' })).toBeTruthy();
  });

  it('edits the name and URL', async () => {
    let webhooks = [crm];
    const fetchMock = await openIntegrations([
      on(listWebhooksEndpoint, () => ({ status: 200, body: webhooks })),
      on(
        updateWebhookEndpoint,
        ({ body }) => {
          webhooks = [{ ...crm, ...(body as { name: string; url: string }) }];
          return { status: 200, body: webhooks[0] };
        },
        { id: crm.id },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: CRM' }));
    const form = screen.getByRole('dialog', { name: 'Edit Webhook' });
    expect((within(form).getByLabelText('URL') as HTMLInputElement).value).toBe(crm.url);
    fillForm(form, 'Make', 'https://hook.make.com/abc');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shownWebhooks()[0]).toContain('https://hook.make.com/abc'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `PUT /accounts/${ACCOUNT}/webhooks/${crm.id}`,
      body: { name: 'Make', url: 'https://hook.make.com/abc' },
    });
  });

  it('rotates the secret only after confirming, then shows the new one once', async () => {
    const fetchMock = await openIntegrations([
      on(listWebhooksEndpoint, [crm]),
      on(rotateWebhookSecretEndpoint, { webhook: crm, secret: NEW_SECRET }, { id: crm.id }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret: CRM' }));
    const confirmation = screen.getByRole('dialog', { name: 'Rotate secret?' });
    expect(confirmation.textContent).toContain(ROTATE_SECRET_TEXT);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.endsWith('/rotate-secret'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret: CRM' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rotate secret' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Secret of CRM' });
    expect((within(secretDialog).getByLabelText('Webhook secret') as HTMLInputElement).value).toBe(
      NEW_SECRET,
    );
    expect(secretDialog.textContent).toContain(SECRET_SHOWN_ONCE_TEXT);
  });

  it('sends a test and shows the status it got, or the error', async () => {
    const sent: LeadCreatedPayload = {
      type: 'lead.created',
      timestamp: '2026-11-27T12:00:00.000Z',
      data: {
        leadId: 'lead-1',
        quizId: 'quiz-1',
        quizName: 'Test from Quizbeam',
        email: 'jane.doe@example.com',
        name: 'Jane Doe',
        outcome: null,
        score: 0,
        percent: 0,
        answers: [],
        categories: [],
        fields: {},
        utm: {},
        urlFields: {},
        consent: true,
        consentText: null,
        createdAt: '2026-11-27T12:00:00.000Z',
      },
    };
    let answer = { delivered: true, statusCode: 204, error: null as string | null, sent };
    await openIntegrations([
      on(listWebhooksEndpoint, [crm]),
      on(testWebhookEndpoint, () => ({ status: 200, body: answer }), { id: crm.id }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test: CRM' }));
    expect((await screen.findByRole('status')).textContent).toBe(testDeliveredText('CRM', 204));
    expect(testDeliveredText('CRM', 204)).toBe('The test lead reached "CRM" (status 204).');

    answer = { delivered: false, statusCode: 500, error: 'The webhook answered with status 500.', sent };
    fireEvent.click(screen.getByRole('button', { name: 'Send test: CRM' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        testFailedText('CRM', 'The webhook answered with status 500.'),
      ),
    );
  });

  it('deletes after confirming, and shows why when a quiz still uses the webhook', async () => {
    let webhooks = [crm];
    let inUse = true;
    await openIntegrations([
      on(listWebhooksEndpoint, () => ({ status: 200, body: webhooks })),
      on(
        deleteWebhookEndpoint,
        () => {
          if (inUse) {
            return {
              status: 409,
              body: {
                code: 'in_use',
                error: 'This webhook is used by "Spring quiz".',
                quizzes: ['Spring quiz'],
              },
            };
          }
          webhooks = [];
          return { status: 200, body: { ok: true } };
        },
        { id: crm.id },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: CRM' }));
    const confirmation = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirmation.textContent).toContain('Delete the webhook "CRM"?');
    expect(within(confirmation).getByRole('button', { name: 'Delete' }).className).toContain(
      'button--danger',
    );
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This webhook is used by "Spring quiz".');
    expect(shownWebhooks()).toHaveLength(1);

    inUse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete: CRM' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe(WEBHOOK_DELETED_TEXT);
    await waitFor(() => expect(screen.getByText(/No webhooks yet/)).toBeTruthy());
  });
});
