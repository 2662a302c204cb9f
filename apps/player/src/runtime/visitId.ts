/**
 * A random visit id: 18 random bytes as base64url (24 characters). getRandomValues works on plain http
 * too, where crypto.randomUUID does not exist.
 */
export function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}
