import { getAccountEndpoint, saveAccountEndpoint } from '@quizbeam/contracts/account';
import { call } from '../../api/apiClient';

/** Where the account's settings are cached (TanStack Query key); Save replaces the entry with the answer. */
export const accountQueryKeys = {
  settings: ['account-settings'],
} as const;

export const loadAccountSettings = () => call(getAccountEndpoint);

export const saveAccountSettings = (showPoweredByBadge: boolean) =>
  call(saveAccountEndpoint, { body: { showPoweredByBadge } });
