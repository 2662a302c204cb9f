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
