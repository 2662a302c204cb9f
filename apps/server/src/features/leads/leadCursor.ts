import { AppError } from '../../shared/appError';

/** Where a page of leads ends: the lead's time as PostgreSQL keeps it (microseconds, UTC) and its id. */
export interface LeadPosition {
  time: string;
  id: string;
}

const TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeLeadCursor(position: LeadPosition): string {
  return Buffer.from(`${position.time}|${position.id}`).toString('base64url');
}

export function decodeLeadCursor(cursor: string): LeadPosition {
  const [time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !TIME_PATTERN.test(time) || !UUID_PATTERN.test(id)) {
    throw new AppError(
      'validation_failed',
      'Invalid request. querystring/cursor: not a position in the list.',
    );
  }
  return { time, id };
}
