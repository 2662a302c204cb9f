import { getZapierApiKeyEndpoint, regenerateZapierApiKeyEndpoint } from '@quizbeam/contracts/zapier';
import { call } from '../../api/apiClient';

/** Where the account's key is cached (TanStack Query key); Regenerate replaces the entry with the new key. */
export const zapierQueryKeys = {
  apiKey: (account: string) => ['zapier', 'api-key', account] as const,
} as const;

export const loadZapierApiKey = async (account: string) =>
  (await call(getZapierApiKeyEndpoint, { params: { account } })).apiKey;

export const regenerateZapierApiKey = async (account: string) =>
  (await call(regenerateZapierApiKeyEndpoint, { params: { account } })).apiKey;
