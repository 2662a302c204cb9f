import type { Quiz } from '@quizbeam/contracts/quiz';
import { MAX_URL_FIELDS, urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';

/**
 * The URL fields a visit event keeps for analytics, from what the page sent (already at most 100 characters
 * each): only the names the quiz keeps, in its order, so a visitor cannot add names to its Analytics; each
 * value without control characters, as the lead keeps it; empty ones dropped. null when none is left.
 */
export function visitUrlFields(
  quiz: Pick<Quiz, 'urlFields'>,
  sent: Readonly<Record<string, string>> | undefined,
): Record<string, string> | null {
  if (!sent) return null;
  const entries: [string, string][] = [];
  for (const name of new Set(urlFieldNamesOf(quiz).slice(0, MAX_URL_FIELDS))) {
    const value: unknown = Object.hasOwn(sent, name) ? sent[name] : undefined;
    const clean = typeof value === 'string' ? value.replace(/\p{Cc}/gu, '') : '';
    if (clean) entries.push([name, clean]);
  }
  // fromEntries makes each name the object's own property, `__proto__` too.
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
