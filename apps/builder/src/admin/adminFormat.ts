import type { Permissions } from '@quizbeam/contracts/auth';
import { NO_PERMISSIONS_TEXT, PERMISSION_KEYS, PERMISSION_LABELS } from './adminTexts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 2, 2026"; the server's ISO text as it came when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "Mar 2, 2026, 10:00 AM" in the admin's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export const formatCount = (count: number) => count.toLocaleString('en-US');

/** The granted permissions by name ("Commercial features, Pro version"), or "Standard" for none. */
export function permissionsText(permissions: Permissions): string {
  const granted = PERMISSION_KEYS.filter((key) => permissions[key]).map((key) => PERMISSION_LABELS[key]);
  return granted.length > 0 ? granted.join(', ') : NO_PERMISSIONS_TEXT;
}

/** How many pages `total` rows fill (at least one, so an empty list is "Page 1 of 1"). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
