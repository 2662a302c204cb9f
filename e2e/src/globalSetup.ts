import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './ensureChromium';
import { repoRoot, startServer } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-builder-built.mjs')], {
    stdio: 'inherit',
  });
  const server = await startServer();
  project.provide('appUrl', server.appUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
