import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhooksEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
  type WebhookBody,
} from '@quizbeam/contracts/webhooks';
import { call } from '../../api/apiClient';

/** Where the account's webhooks are cached (TanStack Query keys); adding, changing or deleting one invalidates them. */
export const webhooksQueryKeys = {
  list: (account: string) => ['webhooks', account] as const,
} as const;

export const listWebhooks = (account: string) => call(listWebhooksEndpoint, { params: { account } });

export const createWebhook = (account: string, body: WebhookBody) =>
  call(createWebhookEndpoint, { params: { account }, body });

export const updateWebhook = (account: string, id: string, body: WebhookBody) =>
  call(updateWebhookEndpoint, { params: { account, id }, body });

export const rotateWebhookSecret = (account: string, id: string) =>
  call(rotateWebhookSecretEndpoint, { params: { account, id } });

export const testWebhook = (account: string, id: string) =>
  call(testWebhookEndpoint, { params: { account, id } });

export const deleteWebhook = (account: string, id: string) =>
  call(deleteWebhookEndpoint, { params: { account, id } });
