/** Element ids shared by the server-rendered page and the player that takes it over. */
export const PAGE_ID = 'qb-page';
export const ROOT_ID = 'qb-root';
export const STATUS_ID = 'qb-status';
export const SCREEN_ID = 'qb-screen';
export const HEADING_ID = 'qb-heading';
export const DATA_ID = 'quizbeam-data';
export const OPT_IN_TEMPLATE_ID = 'quizbeam-opt-in';
export const COMPLETE_TEMPLATE_ID = 'quizbeam-complete';
/** The tags a published page turns on (JSON), read by the tracking script and, for the consent, the player. */
export const TRACKING_ID = 'quizbeam-tracking';
/** The consent bar of a quiz that asks before measuring visits (consentBarHtml). */
export const CONSENT_BAR_ID = 'qb-cookie-consent';
/**
 * On <html>: the server writes 'denied' when the quiz asks for consent, and the tracking script turns it to
 * 'granted' when the visitor accepts (now or on an earlier visit). Absent: the quiz does not ask. A page whose
 * tracking script never ran (blocked, say) so counts as not consenting, for the lead's server-side conversions too.
 */
export const CONSENT_ATTRIBUTE = 'data-quizbeam-consent';
/** The answer forms of questions that take more than one click: their message, and the dropdown's parts. */
export const ANSWER_ERROR_ID = 'qb-answer-error';
export const CHOICE_HINT_ID = 'qb-choice-hint';
export const SEARCH_ID = 'qb-search';
export const OPTIONS_ID = 'qb-options';
export const MATCHES_ID = 'qb-matches';
export const VALUE_ID = 'qb-value';
export const VALUE_SHOWN_ID = 'qb-value-shown';
