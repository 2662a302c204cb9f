import { endpoint } from './endpoint';
import { browserTrackingSchema } from './measurement';

/*
 * The account's tracking defaults: the Google Tag Manager, Google Analytics 4 and Meta Pixel IDs (and the
 * consent question) every quiz uses unless it sets its own on its Tracking tab. Like scripts, a change
 * reaches a published quiz on its next Republish. An account that never saved any has none (every ID '').
 */

export const TRACKING_DEFAULTS_SAVED_TEXT = 'Tracking defaults have been saved.';

export const getTrackingDefaultsEndpoint = endpoint({
  method: 'GET',
  path: '/api/account/tracking',
  access: 'user',
  summary: "The account's tracking defaults (tag IDs quizzes use unless they set their own)",
  response: browserTrackingSchema,
});

export const saveTrackingDefaultsEndpoint = endpoint({
  method: 'PUT',
  path: '/api/account/tracking',
  access: 'user',
  summary: "Save the account's tracking defaults (live on each quiz's next Republish)",
  body: browserTrackingSchema,
  response: browserTrackingSchema,
});
