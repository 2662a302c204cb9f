import {
  connectionStatusEndpoint,
  connectWithApiKeyEndpoint,
  deleteConnectionEndpoint,
  listConnectionsEndpoint,
} from '@quizbeam/contracts/integrations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, on, receivedCalls } from '../../test/fakeServer';
import { ACCOUNT, newsletter, serveIntegrations, shop } from '../../test/integrations';
import { renderApp } from '../../test/renderApp';

// The route loads the page lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('./IntegrationsPage');
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Integrations' }))
    .getAllByRole('row')
    .slice(1);
const cellTexts = () =>
  rows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('Integrations page', () => {
  it('lists the connections, each Loading while the service is asked, then Active or Inactive with why', async () => {
    const { fetchMock, release } = serveIntegrations(
      [
        on(listConnectionsEndpoint, { items: [newsletter, shop] }, { account: ACCOUNT }),
        on(connectionStatusEndpoint, { active: true, reason: null }, { id: newsletter.id }),
        on(
          connectionStatusEndpoint,
          { active: false, reason: 'ConvertKit refused the API secret.' },
          { id: shop.id },
        ),
      ],
      '/status',
    );
    renderApp('/integrations');
    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Integration' }).getAttribute('href')).toBe(
      '/integrations/new',
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(cellTexts()).toEqual([
      ["Ada's newsletter", 'MailChimp', 'Loading', 'Cancel'],
      ['Shop (main)', 'ConvertKit', 'Loading', 'Cancel'],
    ]);

    release();
    await waitFor(() =>
      expect(cellTexts().map((cells) => cells[2])).toEqual(['Active', 'InactiveReconnect']),
    );
    expect(
      within(rows()[1] as HTMLElement)
        .getByText('Inactive')
        .getAttribute('title'),
    ).toBe('ConvertKit refused the API secret.');
    expect(within(rows()[0] as HTMLElement).queryByRole('button', { name: /Reconnect/ })).toBeNull();
    const routes = receivedCalls(fetchMock).map((call) => call.route);
    expect(routes).toContain(`GET /accounts/${ACCOUNT}/autoresponders/mailchimp/${newsletter.id}/status`);
    expect(routes).toContain(`GET /accounts/${ACCOUNT}/autoresponders/convertkit/${shop.id}/status`);
  });

  it('says there are none yet, and keeps the webhooks below', async () => {
    serveIntegrations([on(listConnectionsEndpoint, { items: [] })]);
    renderApp('/integrations');
    expect(
      await screen.findByText('No integrations yet. Add one to send your leads to your email service.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
  });

  it('cancels a connection only after confirming, then lists it no more', async () => {
    let connections = [newsletter, shop];
    const { fetchMock } = serveIntegrations([
      on(listConnectionsEndpoint, () => ({ status: 200, body: { items: connections } })),
      on(connectionStatusEndpoint, { active: true, reason: null }),
      on(
        deleteConnectionEndpoint,
        ({ body }) => {
          connections = connections.filter(
            (item) => item.id !== (body as { connectionId: string }).connectionId,
          );
          return { status: 200, body: { ok: true } };
        },
        { service: 'convertkit' },
      ),
    ]);
    renderApp('/integrations');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel: Shop (main)' }));
    const confirmation = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirmation.textContent).toContain('Disconnect "Shop (main)" (ConvertKit)?');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.endsWith('/delete'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel: Shop (main)' }));
    const disconnect = within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' });
    expect(disconnect.className).toContain('button--danger');
    fireEvent.click(disconnect);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cellTexts()[0]?.[0]).toBe("Ada's newsletter");
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `POST /accounts/${ACCOUNT}/autoresponders/convertkit/connections/delete`,
      body: { connectionId: shop.id },
    });
  });

  it('says an OAuth round trip connected the service, once, and shows the list', async () => {
    serveIntegrations([on(listConnectionsEndpoint, { items: [newsletter] })]);
    const router = renderApp('/integrations/mailchimp/auth-success');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your MailChimp account has been successfully connected to Quizbeam.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows why a connect failed', async () => {
    serveIntegrations([on(listConnectionsEndpoint, { items: [] })]);
    renderApp(
      '/integrations/aweber/auth-failed?reason=You%20denied%20access%20to%20your%20AWeber%20account.',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('You denied access to your AWeber account.');
  });

  it('reconnects an inactive API-key connection with new credentials under the same id', async () => {
    const { fetchMock } = serveIntegrations([
      on(listConnectionsEndpoint, { items: [shop] }),
      on(connectionStatusEndpoint, answerWith(200, { active: false, reason: 'Refused.' })),
      on(connectWithApiKeyEndpoint, { ...shop, state: 'active' }, { service: 'convertkit' }),
    ]);
    renderApp('/integrations');
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect: Shop (main)' }));
    const dialog = screen.getByRole('dialog', { name: 'Reconnect Shop (main)' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Shop (main)');
    const secret = within(dialog).getByLabelText('API Secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.change(secret, { target: { value: ' new-secret ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your ConvertKit account has been successfully connected to Quizbeam.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `POST /accounts/${ACCOUNT}/autoresponders/convertkit/apikey`,
      body: { connectionName: 'Shop (main)', apiKey: 'new-secret', connectionId: shop.id },
    });
  });
});
