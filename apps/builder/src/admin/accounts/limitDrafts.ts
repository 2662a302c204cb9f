import {
  DEFAULT_USAGE_LIMITS,
  MAX_USAGE_LIMIT,
  type UsageLimitKey,
  type UsageLimitOverrides,
  usageLimitKeys,
} from '@quizbeam/contracts/account';
import type { AdminAccountDetail } from '@quizbeam/contracts/admin';
import { LIMIT_INPUT_ERROR_TEXT, limitTooHighText } from '../adminTexts';

/** What the admin typed per limit: "" for the default, else the account's own number. */
export type LimitDrafts = Record<UsageLimitKey, string>;

export function draftsOf(overrides: UsageLimitOverrides): LimitDrafts {
  return Object.fromEntries(
    usageLimitKeys.map((key) => [
      key,
      overrides[key] === null || overrides[key] === undefined ? '' : String(overrides[key]),
    ]),
  ) as LimitDrafts;
}

export type ParsedLimit = { ok: true; value: number | null } | { ok: false; message: string };

/** An empty field goes back to the default; anything else must be a whole number from 0 to the maximum. */
export function parseLimitDraft(text: string): ParsedLimit {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: LIMIT_INPUT_ERROR_TEXT };
  const value = Number(trimmed);
  if (value > MAX_USAGE_LIMIT) return { ok: false, message: limitTooHighText(MAX_USAGE_LIMIT) };
  return { ok: true, value };
}

/** Every limit as the account's own number or null (the default), or null when a field is not valid. */
export function overridesOf(drafts: LimitDrafts): UsageLimitOverrides | null {
  const overrides: UsageLimitOverrides = {};
  for (const key of usageLimitKeys) {
    const parsed = parseLimitDraft(drafts[key]);
    if (!parsed.ok) return null;
    overrides[key] = parsed.value;
  }
  return overrides;
}

/** The limit an account without its own value gets, as the server says (image storage: IMAGE_QUOTA_MB). */
export function defaultLimitOf(key: UsageLimitKey, account: AdminAccountDetail): number {
  return account.defaultLimits[key] ?? DEFAULT_USAGE_LIMITS[key];
}
