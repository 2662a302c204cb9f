/** The account's name as a file name part: lower case, letters and digits in any script, runs of others as one dash. */
export function accountNameSlug(accountName: string): string {
  const slug = accountName
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'account';
}

/** The slug with accents dropped and anything else outside ASCII left out, for clients without RFC 6266. */
function asciiSlug(slug: string): string {
  const ascii = slug
    .normalize('NFKD')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii || 'account';
}

/** `quizbeam-export-<account name slug>-<YYYY-MM-DD>.zip`, the day in UTC. */
export function accountExportFileName(accountName: string, at: Date): string {
  return `quizbeam-export-${accountNameSlug(accountName)}-${at.toISOString().slice(0, 10)}.zip`;
}

/** RFC 6266 `attachment`: an ASCII file name for old clients, and the UTF-8 one (`filename*`) for the rest. */
export function accountExportDisposition(accountName: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const ascii = `quizbeam-export-${asciiSlug(accountNameSlug(accountName))}-${day}.zip`;
  const encoded = encodeURIComponent(accountExportFileName(accountName, at)).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
