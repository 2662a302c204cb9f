/*
 * The quiz document's constants, apart from its zod schema (quiz.ts): the visitor's page bundles the quiz
 * engine, which needs these, and must not pull zod in with them.
 */

/** The shape version of stored quiz documents; bump it with a step in `migrateQuizDocument`. */
export const QUIZ_DOCUMENT_VERSION = 5;

/** The default theme: the first of the sorted catalog. */
export const DEFAULT_THEME_ID = 'black-white';

export const MAX_POINTS = 10;
/** The list sizes a quiz may have; the schema refuses more and the engine's add functions stop there. */
export const MAX_QUESTIONS = 500;
export const MAX_ANSWERS_PER_QUESTION = 50;
/** A dropdown's long list (countries, industries) may hold more choices than other questions. */
export const MAX_DROPDOWN_OPTIONS = 500;
/** The most points one question can give: every answer of a multi-select question chosen. */
export const MAX_QUESTION_POINTS = MAX_ANSWERS_PER_QUESTION * MAX_POINTS;
/** General quizzes: an answer (or value range) counts toward at most this many outcomes, each weighted. */
export const MAX_OUTCOME_LINKS = 3;
export const MAX_OUTCOME_WEIGHT = 5;
/** Rating and number questions: value ranges that carry points, outcome links and branching. */
export const MAX_VALUE_RANGES = 50;
export const MAX_CATEGORIES = 20;
/** The longest text answer a visitor can send. */
export const MAX_TEXT_ANSWER_LENGTH = 2000;
/** Number questions: the bounds their minimum and maximum may take. */
export const NUMBER_INPUT_LIMIT = 1_000_000_000;
export const MAX_OUTCOMES = 200;
export const MAX_OUTCOME_DESCRIPTIONS = 3;
/** A flow rule's target when the quiz ends there. */
export const END_QUIZ_TARGET = -1;

/**
 * Child ids (questions, answers, outcomes) and `nextId` are stored in 32-bit integer columns (events,
 * leads): nothing above PostgreSQL's integer range may get in.
 */
export const MAX_CHILD_ID = 2_147_483_647;

export const DEFAULT_LEAD_CAPTURE_TEXTS = {
  headerText: 'You’re All Done!',
  descriptionText: 'Enter your e-mail address below to get your results',
  confirmationCheckboxText:
    'I confirm I have read the Privacy Policy and understand how my data will be used.',
} as const;

/** The capture form's default header and description where it appears: the results' wording is above. */
export const PLACED_LEAD_CAPTURE_TEXTS = {
  before_questions: {
    headerText: 'Before You Start',
    descriptionText: 'Enter your e-mail address below to start the quiz',
  },
  after_question: {
    headerText: 'Tell Us About You',
    descriptionText: 'Enter your e-mail address below to continue',
  },
} as const;

/** The largest quiz document a save, publish or preview takes: a quiz at its item caps with long texts fits. */
export const QUIZ_DOCUMENT_MAX_BYTES = 3 * 1024 * 1024;

/** The address parameters a quiz keeps (URL fields) unless the marketer lists others. */
export const DEFAULT_URL_FIELDS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'ttclid',
  'msclkid',
];
export const MAX_URL_FIELDS = 20;
/** A kept value is cut to this many characters (and the lead says it was cut). */
export const URL_FIELD_VALUE_MAX_LENGTH = 500;

/** The names of the URL fields a quiz keeps: its own list, or the defaults when it has none. */
export const urlFieldNamesOf = (quiz: { urlFields?: readonly { name: string }[] | undefined }): string[] =>
  quiz.urlFields ? quiz.urlFields.map((field) => field.name) : [...DEFAULT_URL_FIELDS];
