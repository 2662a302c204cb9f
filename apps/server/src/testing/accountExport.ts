import { unzipSync } from 'fflate';
import { expect } from 'vitest';

// Keeps a byte order mark, which the CSV files must start with.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The files of an export zip by name, as text. */
export function filesOfExport(zip: Buffer): Map<string, string> {
  const files = unzipSync(new Uint8Array(zip));
  return new Map(Object.entries(files).map(([name, bytes]) => [name, utf8.decode(bytes)]));
}

/** A JSON file of the export, parsed. */
export function jsonFileOf(files: Map<string, string>, name: string): unknown {
  const text = files.get(name);
  if (text === undefined) throw new Error(`the export has no ${name}`);
  return JSON.parse(text);
}

/** The lines of a CSV file of the export (UTF-8 with a byte order mark, Windows line ends), without the last empty one. */
export function csvLinesOf(files: Map<string, string>, name: string): string[] {
  const text = files.get(name);
  if (text === undefined) throw new Error(`the export has no ${name}`);
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}

/** Fails naming the secret when any of them is in the zip's bytes or in any file it holds. */
export function expectNoSecretIn(zip: Buffer, files: Map<string, string>, secrets: string[]): void {
  const raw = zip.toString('latin1');
  for (const secret of secrets) {
    expect(secret.length, 'a secret worth looking for').toBeGreaterThan(8);
    expect(raw.includes(secret), `${secret} in the zip's bytes`).toBe(false);
    for (const [name, text] of files) expect(text.includes(secret), `${secret} in ${name}`).toBe(false);
  }
}
