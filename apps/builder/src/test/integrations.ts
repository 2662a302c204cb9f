import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Connection } from '@quizbeam/contracts/integrations';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { vi } from 'vitest';
import { accountHolder, type FakeRoute, on, routeFetch } from './fakeServer';

export const ACCOUNT = 'account-1';

export const newsletter: Connection = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  displayName: "Ada's newsletter",
  serviceName: 'mailchimp',
  state: 'active',
};
export const shop: Connection = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  displayName: 'Shop (main)',
  serviceName: 'convertkit',
  state: 'active',
};

/**
 * The fake server with the session and no webhooks, plus `routes`. Calls whose path contains `holdBack`
 * wait until the returned `release` is called, so a test can see the screen while they run.
 */
export function serveIntegrations(routes: FakeRoute[], holdBack?: string) {
  const fetchMock = routeFetch([on(meEndpoint, accountHolder()), on(listWebhooksEndpoint, []), ...routes]);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (holdBack && url.includes(holdBack)) await released;
    return fetchMock(url, init);
  });
  return { fetchMock, release: () => release() };
}
