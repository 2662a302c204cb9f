// The same paths as @quizbeam/contracts/visitorEvents, whose runtime code pulls in zod (checked by a test).
export const EVENTS_PATH = '/_q/events';
export const COMPLETE_PATH = '/_q/complete';
export const LEADS_PATH = '/_q/leads';
/** The most events one request may carry (visitorEventsBodySchema). */
export const MAX_EVENTS_PER_REQUEST = 50;
