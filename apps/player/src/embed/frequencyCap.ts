import { numberSetting, setting } from './embedSettings';

/*
 * "Do not show again for N days" after a visitor closes an automatically opened embed. The end of the pause
 * is kept in localStorage per quiz address; where the embed says consent is required, only in memory (this
 * page view) until the visitor accepted in the quiz or the page set `window.quizbeamConsent = true`.
 */
const inMemory: Record<string, string> = {};
let consentGiven = false;

/** localStorage, or this page view's memory where the browser refuses it (a sandbox, blocked cookies). */
function storage(): Record<string, string> {
  try {
    return localStorage;
  } catch {
    return inMemory;
  }
}

/** The embed script reads the same key before it arms a trigger (embed.ts isPaused). */
const keyOf = (quiz: string) => `quizbeam-cap:${quiz}`;

/** After the visitor closed an automatically opened window: paused for the holder's `cap-days` (0: not at all). */
export function pause(quiz: string, holder: Element): void {
  const days = numberSetting(holder, 'cap-days', 0, 365, 0);
  if (!days) return;
  const mayStore =
    setting(holder, 'consent') !== 'required' ||
    consentGiven ||
    (window as { quizbeamConsent?: unknown }).quizbeamConsent === true;
  (mayStore ? storage() : inMemory)[keyOf(quiz)] = String(Date.now() + days * 864e5);
}

/** The visitor accepted in a quiz: pauses kept in memory until now are stored too. */
export function consentGranted(): void {
  consentGiven = true;
  Object.assign(storage(), inMemory);
}
