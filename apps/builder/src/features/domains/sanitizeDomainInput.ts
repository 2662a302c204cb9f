import { MAX_DOMAIN_PARTS } from '@quizbeam/contracts/domains';

/**
 * What the Enter Domain field keeps of what was typed or pasted (spec section 5): a pasted URL loses its
 * scheme and path, then only letters, digits, hyphens and dots remain, in at most 3 dot-separated parts.
 */
export function sanitizeDomainInput(value: string): string {
  const withoutScheme = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const withoutPath = withoutScheme.split('/')[0] ?? '';
  const allowed = withoutPath.replace(/[^A-Za-z0-9.-]/g, '');
  return allowed.split('.').slice(0, MAX_DOMAIN_PARTS).join('.');
}
