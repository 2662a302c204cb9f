import type { AccountSettings, Usage, UsageLimitKey } from '@quizbeam/contracts/account';
import { DEFAULT_USAGE_LIMITS, USAGE_LIMIT_LABELS, usageLimitKeys } from '@quizbeam/contracts/account';

/** Every limit at its default with the given usage (0 where none is given). */
export function usageLines(
  usage: Partial<Record<UsageLimitKey, number>> = {},
  limits: Partial<Record<UsageLimitKey, number>> = {},
): Usage[] {
  return usageLimitKeys.map((key) => ({
    key,
    label: USAGE_LIMIT_LABELS[key],
    usage: usage[key] ?? 0,
    limit: limits[key] ?? DEFAULT_USAGE_LIMITS[key],
  }));
}

export function accountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return { showPoweredByBadge: true, usage: usageLines(), ...overrides };
}
