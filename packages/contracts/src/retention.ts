import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * The account's retention period: leads, visitor events and delivery attempts older than it are deleted
 * every night, for every quiz of the account. Null keeps them forever (the default). The rollups' counters
 * hold no personal data and stay, so Analytics keeps its totals.
 */

export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 1825;
export const RETENTION_TOO_SHORT_TEXT = 'Keep data for at least 30 days.';
export const RETENTION_TOO_LONG_TEXT = 'Keep data for at most 5 years (1,825 days).';
export const RETENTION_SAVED_TEXT = 'Retention has been saved.';

export const retentionSettingSchema = z.object({
  retentionDays: z
    .number()
    .int('Retention is a whole number of days.')
    .min(MIN_RETENTION_DAYS, RETENTION_TOO_SHORT_TEXT)
    .max(MAX_RETENTION_DAYS, RETENTION_TOO_LONG_TEXT)
    .nullable(),
});
export type RetentionSetting = z.infer<typeof retentionSettingSchema>;

export const getRetentionEndpoint = endpoint({
  method: 'GET',
  path: '/api/account/retention',
  access: 'user',
  summary: "The account's retention period in days (null keeps data forever)",
  response: retentionSettingSchema,
});

export const saveRetentionEndpoint = endpoint({
  method: 'PUT',
  path: '/api/account/retention',
  access: 'user',
  summary: "Set the account's retention period: 30 to 1,825 days, or null to keep data forever",
  body: retentionSettingSchema,
  response: retentionSettingSchema,
});
