import { accountExportEndpoint, getAccountEndpoint, saveAccountEndpoint } from '@quizbeam/contracts/account';
import { call, urlOf } from '../../api/apiClient';

/** Where the account's settings are cached (TanStack Query key); Save replaces the entry with the answer. */
export const accountQueryKeys = {
  settings: ['account-settings'],
} as const;

export const loadAccountSettings = () => call(getAccountEndpoint);

export const saveAccountSettings = (showPoweredByBadge: boolean) =>
  call(saveAccountEndpoint, { body: { showPoweredByBadge } });

/** The account's data export: a download by navigation (a link), never a fetch. */
export const accountExportUrl = (accountId: string) =>
  urlOf(accountExportEndpoint, { params: { account: accountId } });
