import {
  DEFAULT_USAGE_LIMITS,
  type UsageLimitKey,
  type UsageLimitOverrides,
  usageLimitKeys,
  usageLimitOverridesSchema,
} from '@quizbeam/contracts/account';
import type { Config } from '../../../config/env';

export type UsageLimits = Record<UsageLimitKey, number>;

export const BYTES_PER_MB = 1024 * 1024;

/**
 * The overrides stored on an account row (jsonb, so read as unknown). Each key is checked on its own: a
 * value the schema refuses counts as no override, and never makes the whole account fall back to defaults.
 */
export function limitOverridesOf(stored: unknown): UsageLimitOverrides {
  const parsed = usageLimitOverridesSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (typeof stored !== 'object' || stored === null) return {};
  const overrides: UsageLimitOverrides = {};
  for (const key of usageLimitKeys) {
    const one = usageLimitOverridesSchema.safeParse({ [key]: (stored as Record<string, unknown>)[key] });
    if (one.success) Object.assign(overrides, one.data);
  }
  return overrides;
}

/** The default of one limit: image storage comes from IMAGE_QUOTA_MB, the others from the contracts. */
export function defaultLimit(key: UsageLimitKey, config: Pick<Config, 'imageQuotaBytes'>): number {
  return key === 'imageStorageMb'
    ? Math.round(config.imageQuotaBytes / BYTES_PER_MB)
    : DEFAULT_USAGE_LIMITS[key];
}

/** One limit as it applies to the account: its own value, else the default. */
export function effectiveLimit(
  overrides: UsageLimitOverrides,
  key: UsageLimitKey,
  config: Pick<Config, 'imageQuotaBytes'>,
): number {
  return overrides[key] ?? defaultLimit(key, config);
}

/** Every limit as it applies to the account. */
export function effectiveLimits(
  account: { limitOverrides: unknown },
  config: Pick<Config, 'imageQuotaBytes'>,
): UsageLimits {
  const overrides = limitOverridesOf(account.limitOverrides);
  return Object.fromEntries(
    usageLimitKeys.map((key) => [key, effectiveLimit(overrides, key, config)]),
  ) as UsageLimits;
}
