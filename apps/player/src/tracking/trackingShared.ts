import type { LeadMeasurement } from '@quizbeam/contracts/measurement';

/*
 * What the tracking script (player-HASH-tracking.js, only on pages with tags) and the player share: the
 * visitor's answer to the consent bar (and CONSENT_ATTRIBUTE in pageIds.ts), and the platforms' browser ids
 * for the lead's server-side conversions.
 */

/** Where the answer is remembered (localStorage of the quiz's origin), so the bar asks once. */
export const CONSENT_STORAGE_KEY = 'quizbeam-consent';

export type ConsentChoice = 'granted' | 'denied';

/** The platforms' ids the page's cookies hold, as the lead's measurement carries them. */
export type BrowserIds = Pick<LeadMeasurement, 'gaClientId' | 'gaSessionId' | 'fbp' | 'fbc'>;

/**
 * The window property where the tracking script leaves a function reading the browser ids when a lead is
 * sent: the cookies exist only once the platforms' scripts, which it loads, have run.
 */
export const BROWSER_IDS_PROPERTY = 'quizbeamBrowserIds';

export type TrackingWindow = { [BROWSER_IDS_PROPERTY]?: () => BrowserIds };
