import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from './ensureChromium';
import { buildIfStale, startServer } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    publishUrl: string;
    dataDir: string;
    /** The Chromium journeys share (launchBrowser connects to it). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  // As `npm start` does: build the builder, the player and the server where their sources changed.
  buildIfStale();
  // Behind a proxy as in production: journeys side by side post their visitors from addresses of their own.
  const [server, browser] = await Promise.all([
    startServer({ TRUST_PROXY: 'true' }),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
  ]);
  project.provide('appUrl', server.appUrl);
  project.provide('publishUrl', server.publishUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await Promise.all([server.stop(), browser.close()]);
  };
}
