import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import { CONSENT_ATTRIBUTE, TRACKING_ID } from '../markup/pageIds';
import { QUIZ_EVENT_TYPE } from '../runtime/quizEvents';
import { browserIds } from './browserIds';
import { showConsentBar } from './consentBar';
import { platformTags, type QuizEventDetail } from './platformTags';
import {
  BROWSER_IDS_PROPERTY,
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  type TrackingWindow,
} from './trackingShared';

/**
 * The answer remembered on this origin or, given one, remembers it (and answers nothing). Storage may be
 * refused (a private window, a sandbox): the bar then asks again next time.
 */
function remembered(choice?: ConsentChoice): string | null | undefined {
  try {
    if (!choice) return localStorage.getItem(CONSENT_STORAGE_KEY);
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    return null;
  }
}

/**
 * The tracking script of a page with tags (player-HASH-tracking.js, run before the player): maps the quiz's
 * events to the platforms' own, loads their scripts (after the visitor accepts, where the quiz asks), and
 * gives the player the browser ids for the lead. Events before the answer wait; declined, nothing is sent.
 */
export function startTracking(): void {
  const element = document.getElementById(TRACKING_ID);
  if (!element) return;
  const tracking = JSON.parse(element.textContent ?? '') as BrowserTracking;
  const tags = platformTags(tracking);
  const waiting: QuizEventDetail[] = [];
  let send = (detail: QuizEventDetail) => {
    waiting.push(detail);
  };
  addEventListener(QUIZ_EVENT_TYPE, (event) => send((event as CustomEvent<QuizEventDetail>).detail));
  (window as TrackingWindow)[BROWSER_IDS_PROPERTY] = () =>
    browserIds(document.cookie, tracking.ga4MeasurementId);

  const start = () => {
    tags.start();
    send = tags.send;
    for (const detail of waiting.splice(0)) send(detail);
  };
  // Declined: the events wait for ever, and nothing is sent.
  const decided = (choice: ConsentChoice) => {
    document.documentElement.setAttribute(CONSENT_ATTRIBUTE, choice);
    if (choice === 'granted') start();
    // An embedding page may then remember its popup's "do not show again" (docs/embedding.md); a page that is
    // not framed posts to itself, and nothing listens.
    parent.postMessage({ source: 'quizbeam', type: 'consent', consent: choice }, '*');
  };

  if (!tracking.askConsent) {
    start();
    return;
  }
  tags.withhold();
  const choice = remembered();
  if (choice === 'granted' || choice === 'denied') decided(choice);
  else
    showConsentBar((answer) => {
      remembered(answer);
      decided(answer);
    });
}
