/** `https://`, `http://` or another scheme, with its `//`, at the start of what was entered. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

/**
 * The Enter Domain field as the user types: lower case, and a scheme dropped once its `//` is typed. A path,
 * query or port being typed stays in the field (dropping a `/` at once would glue what follows onto the
 * domain) until the field is left or submitted; `domainFromInput` then takes the domain out.
 */
export function domainWhileTyping(value: string): string {
  return value.toLowerCase().replace(SCHEME, '');
}

/**
 * The domain in what was pasted or entered: surrounding spaces, a scheme, user info, a path, query or
 * fragment and a port removed, in lower case. Nothing else changes: what the domain rules refuse (anything
 * but letters, digits, hyphens and dots, more than 3 parts) is shown as an error, never rewritten into
 * another domain.
 */
export function domainFromInput(value: string): string {
  const withoutScheme = value.trim().toLowerCase().replace(SCHEME, '');
  const authority = withoutScheme.split(/[/?#]/)[0] ?? '';
  return authority.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
}
