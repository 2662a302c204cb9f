/*
 * The embed's windows (popup, slide-in, full page) and their automatic triggers: loaded by the embed script
 * only when a visitor is about to open one (on the opener's hover or the open itself), or when the page is idle
 * for a window that opens by itself, so a page with an embed downloads just the small loader until then. Its name is fixed, like the
 * loader's, and what it sets keeps its shape: a loader cached for an hour meets a newer copy of this file.
 */
import { armAutomaticTrigger } from './embed/automaticTriggers';
import { consentGranted, pause } from './embed/frequencyCap';
import { quizWindow } from './embed/quizWindow';

export interface EmbedWindowCode {
  quizWindow: typeof quizWindow;
  armAutomaticTrigger: typeof armAutomaticTrigger;
  /** Frequency capping writes only once a window closed, so it is loaded with the windows. */
  pause: typeof pause;
  consentGranted: typeof consentGranted;
}

const code: EmbedWindowCode = { quizWindow, armAutomaticTrigger, pause, consentGranted };
(window as { quizbeamEmbedWindow?: EmbedWindowCode }).quizbeamEmbedWindow = code;
