import { MAX_URL_FIELDS } from '@quizbeam/contracts/quizConstants';

export const TRACKING_TAB_TITLE = 'Tracking';

export const URL_FIELDS_TITLE = 'URL Fields';
export const URL_FIELDS_NOTE =
  'The address parameters kept with each visit and lead, such as utm_source or ref in ?utm_source=fb&ref=partner7. ' +
  'They show in Leads and Analytics, go into both CSV exports and are sent with the lead to your destinations.';
export const URL_FIELDS_DEFAULTS_NOTE =
  'These are the defaults. Add or remove a parameter to keep a list of your own.';
export const NO_URL_FIELDS_NOTE = 'No address parameters are kept.';
export const URL_FIELDS_LIMIT_TEXT = `A quiz keeps at most ${MAX_URL_FIELDS} URL fields.`;
export const NEW_URL_FIELD_LABEL = 'Parameter name';
export const ADD_URL_FIELD_LABEL = 'Add URL Field';
export const RESET_URL_FIELDS_LABEL = 'Reset to Defaults';
export const removeUrlFieldLabel = (name: string) => `Remove ${name}`;

export const BROWSER_TAGS_TITLE = 'Browser Tags';
export const USE_ACCOUNT_DEFAULTS_LABEL = "Use the account's defaults";
export const ASK_CONSENT_LABEL = 'Ask visitors for consent before tracking';
export const ASK_CONSENT_HINT =
  'Until a visitor accepts, no tag loads and no conversion is sent to Meta or Google for them.';
export const TAG_ID_BLANK_NOTE = 'Leave an ID blank to keep that tag off.';
export const TAG_OFF_TEXT = 'Off';
export const ASKS_CONSENT_TEXT = 'Asks visitors for consent first';
export const DOES_NOT_ASK_CONSENT_TEXT = 'Does not ask visitors for consent';
export const TRACKING_EVENTS_NOTE =
  'Events sent: quiz_view, quiz_start, question_answered (with the question’s number and type), lead_submitted ' +
  '(Meta Pixel: Lead; Google Analytics 4: generate_lead) and quiz_complete (Meta Pixel: CompleteRegistration), ' +
  'with the outcome, score and category scores.';
export const TRACKING_REPUBLISH_NOTE = 'Changes go live when the quiz is republished.';
export const SERVER_SIDE_CONVERSIONS_TEXT =
  'Server-side conversions (Meta Conversions API, Google Analytics 4 Measurement Protocol) are set up under';
export const ACCOUNT_HAS_NO_TAGS_TEXT = 'The account has no tags set, so none are turned on.';
export const SET_ACCOUNT_DEFAULTS_TEXT = "The account's defaults are set on the";
export const URL_FIELD_COLUMN_LABEL = 'Parameter';
