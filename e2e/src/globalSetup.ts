import type { TestProject } from 'vitest/node';
import { ensureChromium } from './ensureChromium';
import { buildIfStale, startServer } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    publishUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  // As `npm start` does: build the builder, the player and the server where their sources changed.
  buildIfStale();
  const server = await startServer();
  project.provide('appUrl', server.appUrl);
  project.provide('publishUrl', server.publishUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
