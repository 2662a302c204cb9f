// The paths of the visitor API declarations (@quizbeam/contracts/visitorEvents), whose runtime code pulls
// in zod; a test checks they agree.
export const EVENTS_PATH = '/_q/events';
export const COMPLETE_PATH = '/_q/complete';
export const LEADS_PATH = '/_q/leads';
/** The most events one request may carry (visitorEventsBodySchema). */
export const MAX_EVENTS_PER_REQUEST = 50;
