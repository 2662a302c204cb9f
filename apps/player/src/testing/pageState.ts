import { BROWSER_IDS_PROPERTY } from '../tracking/trackingShared';

/**
 * The jsdom window's own `parent` as the worker's first test file found it (none in a file that runs in
 * Node). Test files share one window (isolate: false in vitest.config.ts), and tests that pose as framed
 * replace or delete this property.
 */
export const windowParent =
  typeof window === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(window, 'parent');

/** The address the worker's window started at: tests move through the history of the one page they share. */
export const startAddress = typeof window === 'undefined' ? '' : window.location.href;

/** What the player's and the embed's scripts, or a page's tags, leave on a page's window. */
export const PAGE_GLOBALS = [
  'dataLayer',
  'fbq',
  '_fbq',
  'quizbeamConsent',
  'quizbeamEmbedWindow',
  BROWSER_IDS_PROPERTY,
];
