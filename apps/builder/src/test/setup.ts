import { en } from '@quizbeam/contracts/visitorTexts/en';
import { useVisitorTexts } from '@quizbeam/player/visitorText';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { pageNavigation } from '../routing/loadFullPage';
import { clearNotification } from '../ui/notifications/notificationStore';

// jsdom cannot draw on a canvas: every test file gets the chart double alike (files share one module graph
// per worker, so a module is replaced for all or none).
vi.mock('uplot', async () => ({
  default: (await import('../features/analytics/chartTestDoubles')).FakePlot,
}));

// Files share a worker's modules, and Vitest cuts off a module load still pending when a file ends. React.lazy
// keeps such a failure for good, so a later file would draw the error screen: the two modules loaded with
// React.lazy are loaded here, before any test can start loading them.
// Once per worker: this file runs again before each test file.
const worker = globalThis as { lazyModulesLoaded?: Promise<unknown> };
worker.lazyModulesLoaded ??= Promise.all([
  import('../ui/richText/RichTextEditor'),
  import('../features/analytics/AnalyticsTab'),
]);
await worker.lazyModulesLoaded;

// Screens are lazy route modules: on a busy two-core CI machine the first one a test file opens can take
// over the default second to load, so `findBy…` waits longer before it gives up.
configure({ asyncUtilTimeout: 5_000 });

// Nor can it leave the page: each test sees where the app would have gone. The player's screens a test draws
// without a quiz's language are in English, as the editor's own previews draw an English quiz.
beforeEach(() => {
  useVisitorTexts('en', en);
  vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  clearNotification();
  // The quiz editor keeps unsaved edits in the browser's storage; each test starts with none.
  globalThis.localStorage?.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
