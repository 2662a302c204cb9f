import { USAGE_LIMIT_LABELS, type UsageLimitOverrides, usageLimitKeys } from '@quizbeam/contracts/account';
import type { Permissions } from '@quizbeam/contracts/auth';

/*
 * The audit log's summaries: one plain en-US sentence per action, naming what changed
 * ("Changed limits: Quizzes 500 → 20; Pro on").
 */

export const PERMISSION_LABELS: Record<keyof Permissions, string> = {
  isLimited: 'Limited',
  commercialFeatures: 'Commercial features',
  extraTemplates: 'Extra templates',
  proVersion: 'Pro',
};
const permissionKeys = Object.keys(PERMISSION_LABELS) as (keyof Permissions)[];

const number = (value: number) => value.toLocaleString('en-US');

export function accountCreatedSummary(input: {
  name: string;
  email: string;
  isAdmin: boolean;
  permissions: Permissions;
}): string {
  const granted = permissionKeys
    .filter((key) => input.permissions[key])
    .map((key) => `${PERMISSION_LABELS[key]} on`);
  const admin = input.isAdmin ? ' (admin)' : '';
  return `Created account "${input.name}" for ${input.email}${admin}${granted.length ? `; ${granted.join(', ')}` : ''}`;
}

export interface AccountSettings {
  name: string;
  permissions: Permissions;
  /** Only the set limits. */
  limitOverrides: UsageLimitOverrides;
}

/**
 * What an update changed: the name, each limit (effective before → effective after, "(default)" when the
 * account goes back to the default) and each permission turned on or off.
 */
export function accountUpdatedSummary(
  before: AccountSettings,
  after: AccountSettings,
  defaultLimit: (key: (typeof usageLimitKeys)[number]) => number,
): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Renamed "${before.name}" → "${after.name}"`);
  const limits = usageLimitKeys.flatMap((key) => {
    const was = before.limitOverrides[key] ?? null;
    const now = after.limitOverrides[key] ?? null;
    if (was === now) return [];
    const shownNow = now === null ? `${number(defaultLimit(key))} (default)` : number(now);
    return [`${USAGE_LIMIT_LABELS[key]} ${number(was ?? defaultLimit(key))} → ${shownNow}`];
  });
  if (limits.length) parts.push(`Changed limits: ${limits.join(', ')}`);
  for (const key of permissionKeys) {
    if (before.permissions[key] !== after.permissions[key]) {
      parts.push(`${PERMISSION_LABELS[key]} ${after.permissions[key] ? 'on' : 'off'}`);
    }
  }
  return parts.length ? parts.join('; ') : 'Saved without changes';
}

export const accountStatusSummary = (name: string, disabled: boolean) =>
  `${disabled ? 'Disabled' : 'Enabled'} account "${name}"`;

export const passwordEmailSummary = (email: string, kind: 'reset' | 'set') =>
  kind === 'reset' ? `Sent a password reset email to ${email}` : `Sent a set-password email to ${email}`;

export interface DownloadFacts {
  title: string;
  description: string;
  fileName: string;
  fileKey: string;
}

export const downloadAddedSummary = (item: DownloadFacts) =>
  `Added Leads Challenge download "${item.title}" (${item.fileName})`;

export function downloadChangedSummary(before: DownloadFacts, after: DownloadFacts): string {
  const changes: string[] = [];
  if (before.title !== after.title) changes.push(`title "${before.title}" → "${after.title}"`);
  if (before.description !== after.description) changes.push('description changed');
  if (before.fileKey !== after.fileKey) changes.push(`file ${before.fileName} → ${after.fileName}`);
  if (!changes.length) return `Saved Leads Challenge download "${after.title}" without changes`;
  return `Changed Leads Challenge download "${before.title}": ${changes.join(', ')}`;
}

export const downloadRemovedSummary = (item: DownloadFacts) =>
  `Removed Leads Challenge download "${item.title}" (${item.fileName})`;
