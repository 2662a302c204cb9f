import { gzipSync } from 'node:zlib';
import type { BundledChunk } from '../admin/consoleSeparation';

/**
 * What a first visit to /login may download: the JavaScript of the sign-in page, gzip, and its requests.
 * `bench/login-bundle.ts` measures it in Chromium; the build checks the same chunks (vite.config.ts).
 */
export const SIGN_IN_PAGE_BUDGET = { gzipBytes: 90 * 1024, requests: 5 } as const;

export const SIGN_IN_ENTRY_NAME = 'signIn';

export interface InitialChunk {
  fileName: string;
  gzipBytes: number;
}

/**
 * The chunks a page's entry needs before it runs: the entry and, recursively, its static imports, which
 * the page announces (its script and modulepreload links) so that none waits for another.
 */
export function initialChunksOf(
  chunks: (BundledChunk & { code: string })[],
  entryName: string,
): InitialChunk[] {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === entryName);
  if (!entry) throw new Error(`The build has no entry named ${entryName}`);
  const initial: InitialChunk[] = [];
  const seen = new Set<string>();
  const pending = [entry];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    initial.push({ fileName: chunk.fileName, gzipBytes: gzipSync(chunk.code).length });
    for (const fileName of chunk.imports) {
      const next = byFileName.get(fileName);
      if (next) pending.push(next);
    }
  }
  return initial;
}

/** Why the chunks are over the sign-in page's budget; empty when they are within it. */
export function overSignInBudget(initial: InitialChunk[]): string[] {
  const gzipBytes = initial.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const reasons: string[] = [];
  if (gzipBytes > SIGN_IN_PAGE_BUDGET.gzipBytes) {
    reasons.push(`${kilobytes(gzipBytes)} gzip, over ${kilobytes(SIGN_IN_PAGE_BUDGET.gzipBytes)}`);
  }
  if (initial.length > SIGN_IN_PAGE_BUDGET.requests) {
    reasons.push(`${initial.length} requests, over ${SIGN_IN_PAGE_BUDGET.requests}`);
  }
  return reasons;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The chunks, their total and the budget, as the build prints them. */
export function describeDownload(initial: InitialChunk[]): string {
  const gzipBytes = initial.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const chunks = initial.map((chunk) => `${chunk.fileName} ${kilobytes(chunk.gzipBytes)}`).join(', ');
  const budget = `${kilobytes(SIGN_IN_PAGE_BUDGET.gzipBytes)} in ${SIGN_IN_PAGE_BUDGET.requests}`;
  return `${kilobytes(gzipBytes)} gzip in ${initial.length} requests (budget ${budget}): ${chunks}`;
}
