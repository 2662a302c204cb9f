import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const controlSchema = z.object({ pid: z.number(), url: z.string(), token: z.string() });
export type ServerControl = z.infer<typeof controlSchema>;

const controlPath = (dataDir: string) => path.join(dataDir, 'server.json');

/** Tells the CLI where the running server listens and the token it accepts. */
export function writeServerControl(dataDir: string, control: ServerControl): void {
  writeFileSync(controlPath(dataDir), JSON.stringify(control), { mode: 0o600 });
}

export function removeServerControl(dataDir: string): void {
  rmSync(controlPath(dataDir), { force: true });
}

/** The running server on this data directory, if its process is still alive. */
export function readServerControl(dataDir: string): ServerControl | null {
  try {
    const control = controlSchema.parse(JSON.parse(readFileSync(controlPath(dataDir), 'utf8')));
    process.kill(control.pid, 0);
    return control;
  } catch {
    return null;
  }
}
