import { createHash } from 'node:crypto';
import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** JSON with every object's keys sorted, so equal data always reads the same. */
function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Two forms of an account with the same hash are duplicates (the table's unique index holds it). */
export function htmlFormDataHash(data: HtmlFormData): string {
  // Which boxes the markup checks is left out: forms stored before it was read must still match their duplicates.
  const fields = data.fields.map(({ checked: _checked, ...field }) => field);
  return createHash('sha256')
    .update(canonicalJson({ ...data, fields }))
    .digest('hex');
}
