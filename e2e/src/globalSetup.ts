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
  // Behind a proxy as in production: journeys side by side post their visitors from addresses of their own.
  const server = await startServer({ TRUST_PROXY: 'true' });
  project.provide('appUrl', server.appUrl);
  project.provide('publishUrl', server.publishUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
