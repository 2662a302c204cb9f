import type { QuizEventName } from '@quizbeam/contracts/measurement';

/** The DOM event a published page dispatches on its window for each quiz event (detail: `{ event, ...data }`). */
export const QUIZ_EVENT_TYPE = 'quizbeam';

export type QuizEventData = Record<string, unknown>;

/** What an embedded quiz posts to the page that embeds it, for each event. */
export interface QuizEventMessage {
  source: 'quizbeam';
  type: 'event';
  event: QuizEventName;
  data: QuizEventData;
}

/**
 * Tells the page's tags (the tracking script listens) and, when the quiz is framed, the embedding page. The
 * events carry no email, name or other personal data, so any page that embeds the quiz may read them: the
 * message goes to '*' (an embed's origin is not known in advance).
 */
export function emitQuizEvent(event: QuizEventName, data: QuizEventData = {}): void {
  dispatchEvent(new CustomEvent(QUIZ_EVENT_TYPE, { detail: { event, ...data } }));
  if (window.parent !== window) {
    const message: QuizEventMessage = { source: 'quizbeam', type: 'event', event, data };
    window.parent.postMessage(message, '*');
  }
}
