import {
  CONNECTION_NAME_CHARACTERS_TEXT,
  CONNECTION_NAME_REQUIRED_TEXT,
  connectWithApiKeyEndpoint,
  listConnectionsEndpoint,
  oauthAuthUrlEndpoint,
  saveConnectionNameEndpoint,
} from '@quizbeam/contracts/integrations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageNavigation } from '../../routing/loadFullPage';
import { answerWith, on, receivedCalls } from '../../test/fakeServer';
import { ACCOUNT, serveIntegrations, shop } from '../../test/integrations';
import { renderApp } from '../../test/renderApp';

beforeAll(async () => {
  await import('./AddIntegrationPage');
});

const AUTHORIZE_URL = 'https://login.mailchimp.com/oauth2/authorize?client_id=1&state=signed';

async function pick(service: string) {
  fireEvent.click(await screen.findByRole('button', { name: service }));
  return screen.getByRole('dialog', { name: `Connect ${service}` });
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const isFlagged = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).getAttribute('aria-invalid') === 'true';

describe('Add Integration', () => {
  it('offers the eight services in the picker’s order', async () => {
    serveIntegrations([]);
    renderApp('/integrations/new');
    const services = within(await screen.findByRole('list', { name: 'Email services' })).getAllByRole(
      'button',
    );
    expect(services.map((card) => card.querySelector('.small-card__title')?.textContent)).toEqual([
      'MailChimp',
      'AWeber',
      'GetResponse',
      'ActiveCampaign',
      'Sendlane',
      'Drip',
      'ConvertKit',
      'Platformly',
    ]);
  });

  it('asks each API-key service for its own fields, secrets hidden', async () => {
    serveIntegrations([]);
    renderApp('/integrations/new');
    const sendlane = await pick('Sendlane');
    const labels = within(sendlane)
      .getAllByRole('textbox')
      .map((input) => input.closest('.field')?.querySelector('label')?.textContent);
    expect(labels).toEqual(['Name', 'Site Address']);
    expect((within(sendlane).getByLabelText('API Key') as HTMLInputElement).type).toBe('password');
    expect((within(sendlane).getByLabelText('Hash Key') as HTMLInputElement).type).toBe('password');
    fireEvent.click(within(sendlane).getByRole('button', { name: 'Cancel' }));

    const activeCampaign = await pick('ActiveCampaign');
    expect(within(activeCampaign).getByLabelText('API URL')).toBeTruthy();
    expect(within(activeCampaign).getByLabelText('API Key')).toBeTruthy();
  });

  it('says the name’s rule in the field’s hint, before anything is typed', async () => {
    serveIntegrations([]);
    renderApp('/integrations/new');
    for (const service of ['ConvertKit', 'MailChimp']) {
      const dialog = await pick(service);
      const name = within(dialog).getByLabelText('Name');
      const hint = document.getElementById(name.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent, service).toBe(
        'Latin letters (A to Z), digits, round brackets, spaces and apostrophes, such as "Ada\'s list (EU)".',
      );
      expect(isFlagged(dialog, 'Name')).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('flags the name by the name rule without asking the server', async () => {
    const { fetchMock } = serveIntegrations([]);
    renderApp('/integrations/new');
    const dialog = await pick('Platformly');
    type(dialog, 'API Key', 'pk_123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText(CONNECTION_NAME_REQUIRED_TEXT)).toBeTruthy();
    type(dialog, 'Name', 'Ada’s list!');
    expect(within(dialog).getByText(CONNECTION_NAME_CHARACTERS_TEXT)).toBeTruthy();
    expect(isFlagged(dialog, 'Name')).toBe(true);
    expect(isFlagged(dialog, 'API Key')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('POST'))).toBe(false);
  });

  it('flags the inputs a refused API-key connect names, with the server’s words', async () => {
    const { fetchMock } = serveIntegrations([
      on(
        connectWithApiKeyEndpoint,
        answerWith(400, {
          error: 'Sendlane did not accept the API key and hash key.',
          code: 'validation_failed',
          fields: { apiKey: 'Check the API key.', hashKey: 'Check the hash key.' },
        }),
        { service: 'sendlane' },
      ),
    ]);
    renderApp('/integrations/new');
    const dialog = await pick('Sendlane');
    type(dialog, 'Name', "Ada's shop (EU)");
    type(dialog, 'Site Address', 'adashop');
    type(dialog, 'API Key', 'key-1');
    type(dialog, 'Hash Key', 'hash-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sendlane did not accept the API key and hash key.',
    );
    expect(within(dialog).getByText('Check the API key.')).toBeTruthy();
    expect(within(dialog).getByText('Check the hash key.')).toBeTruthy();
    expect([isFlagged(dialog, 'Name'), isFlagged(dialog, 'Site Address')]).toEqual([false, false]);
    expect([isFlagged(dialog, 'API Key'), isFlagged(dialog, 'Hash Key')]).toEqual([true, true]);
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: `POST /accounts/${ACCOUNT}/autoresponders/sendlane/apikey`,
      body: { connectionName: "Ada's shop (EU)", subdomain: 'adashop', apiKey: 'key-1', hashKey: 'hash-1' },
    });

    type(dialog, 'API Key', 'key-2');
    expect(isFlagged(dialog, 'API Key')).toBe(false);
    expect(isFlagged(dialog, 'Hash Key')).toBe(true);
  });

  it('shows why an API URL could not be reached, and flags it', async () => {
    const unreachable =
      'Quizbeam could not reach this API URL: Could not resolve acme.api-us1.com (ENOTFOUND).';
    serveIntegrations([
      on(
        connectWithApiKeyEndpoint,
        answerWith(503, { error: unreachable, code: 'busy', fields: { apiUrl: unreachable } }),
        { service: 'activecampaign' },
      ),
    ]);
    renderApp('/integrations/new');
    const dialog = await pick('ActiveCampaign');
    type(dialog, 'Name', 'Acme (main)');
    type(dialog, 'API URL', 'https://acme.api-us1.com');
    type(dialog, 'API Key', 'key-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(unreachable);
    expect([isFlagged(dialog, 'API URL'), isFlagged(dialog, 'API Key')]).toEqual([true, false]);
  });

  it('connects by API key and shows the connected text on the list', async () => {
    serveIntegrations([
      on(connectWithApiKeyEndpoint, shop, { service: 'convertkit' }),
      on(listConnectionsEndpoint, { items: [shop] }),
    ]);
    const router = renderApp('/integrations/new');
    const dialog = await pick('ConvertKit');
    type(dialog, 'Name', 'Shop (main)');
    type(dialog, 'API Secret', 'sk_1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your ConvertKit account has been successfully connected to Quizbeam.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    expect(await screen.findByRole('table', { name: 'Integrations' })).toBeTruthy();
  });

  it('connects by OAuth: the authorize URL, then the name, then the service’s page', async () => {
    const { fetchMock } = serveIntegrations([
      on(
        oauthAuthUrlEndpoint,
        { url: AUTHORIZE_URL, redirectUrlWithoutExtraParameters: 'https://app.example/oauth/callback' },
        { service: 'mailchimp' },
      ),
      on(saveConnectionNameEndpoint, { ok: true }),
    ]);
    renderApp('/integrations/new');
    const dialog = await pick('MailChimp');
    expect(dialog.textContent).toContain(
      'You will sign in to your account with the service and allow Quizbeam to add contacts.',
    );
    expect(within(dialog).queryByLabelText('API Key')).toBeNull();
    type(dialog, 'Name', "Ada's newsletter");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith(AUTHORIZE_URL));
    const posts = receivedCalls(fetchMock).filter((call) => call.route.startsWith('POST'));
    expect(posts).toEqual([
      { route: `POST /accounts/${ACCOUNT}/autoresponders/mailchimp/oauth/auth-url`, body: {} },
      {
        route: 'POST /oauth/autoresponders/save-connection-name',
        body: { connectionName: "Ada's newsletter" },
      },
    ]);
    expect((within(dialog).getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
