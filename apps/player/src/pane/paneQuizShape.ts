import type { LeadFieldKind } from '@quizbeam/contracts/leadFormFields';
import type { QuestionType, Quiz } from '@quizbeam/contracts/quiz';

/*
 * The shape of the quiz a live preview message carries, checked before anything of it is drawn. The pane's
 * bundle goes without zod (like every player build), so this is a small check of its own over what the
 * screens read: numbers where the markup writes numbers unescaped (ids, bounds, sizes), strings where it
 * escapes text, lists and objects where it walks them. Fields the screens never read are not looked at.
 */

type Check = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text: Check = (value) => typeof value === 'string';
const flag: Check = (value) => typeof value === 'boolean';
const integer: Check = (value) => Number.isSafeInteger(value);
const finite: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const positive: Check = (value) => finite(value) && (value as number) > 0;
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([name, check]) => check(value[name]));

const QUESTION_TYPES = [
  'single_list',
  'image_single_list',
  'multi_list',
  'image_multi_list',
  'rating',
  'number_input',
  'dropdown',
  'text_input',
] as const satisfies readonly QuestionType[];

const LEAD_FIELD_KINDS = [
  'phone',
  'company',
  'website',
  'text',
  'choice',
  'checkbox',
] as const satisfies readonly LeadFieldKind[];

/** A lead field's id goes into the form's markup as an element id and name: the contracts' pattern only. */
const LEAD_FIELD_ID = /^f[0-9]{1,10}$/;

const image = shape({
  url: text,
  variants: optional(listOf(shape({ width: integer, height: integer, type: text, url: text }))),
});

const flowRule = shape({
  defaultBehaviour: oneOf(['next_in_list', 'follow_question']),
  behaviour: oneOf(['next_in_list', 'follow_question', 'specific_question', 'end_quiz']),
  target: nullable(integer),
});

const outcomeLinks = {
  outcome: nullable(integer),
  outcomeWeight: optional(integer),
  extraOutcomes: optional(listOf(shape({ outcome: integer, weight: integer }))),
};

const answer = shape({
  id: integer,
  text,
  image: nullable(image),
  imageCaption: text,
  points: finite,
  next: flowRule,
  ...outcomeLinks,
});

const valueRange = shape({ from: finite, to: finite, points: finite, next: flowRule, ...outcomeLinks });

const question = shape({
  id: integer,
  rank: integer,
  type: oneOf(QUESTION_TYPES),
  image: nullable(image),
  text,
  description: optional(text),
  answers: listOf(answer),
  next: flowRule,
  selection: optional(shape({ min: nullable(integer), max: nullable(integer) })),
  rating: optional(shape({ kind: oneOf(['stars', 'zero_to_ten']), lowLabel: text, highLabel: text })),
  number: optional(
    shape({ min: finite, max: finite, step: positive, unit: text, display: oneOf(['slider', 'field']) }),
  ),
  ranges: optional(listOf(valueRange)),
  multiline: optional(flag),
  optional: optional(flag),
  category: optional(nullable(integer)),
});

const captureTexts = {
  headerText: text,
  descriptionText: text,
  dataUsageNote: text,
  privacyPolicyUrl: text,
};

const outcome = shape({
  id: integer,
  rank: integer,
  name: text,
  type: oneOf(['text', 'redirect']),
  redirect: text,
  descriptions: listOf(text),
  image: nullable(image),
  enableSocialSharing: flag,
  enableCta: flag,
  ctaButtonText: text,
  ctaUrl: text,
  scoreRange: shape({ from: nullable(finite), to: nullable(finite) }),
  leadCaptureSettings: shape(captureTexts),
});

const leadField = (value: unknown) =>
  shape({
    id: (id) => typeof id === 'string' && LEAD_FIELD_ID.test(id),
    kind: oneOf(LEAD_FIELD_KINDS),
    label: text,
    required: flag,
    choices: optional(listOf(text)),
  })(value);

const placement = (value: unknown) =>
  isRecord(value) &&
  (value.at === 'before_results' ||
    value.at === 'before_questions' ||
    (value.at === 'after_question' && integer(value.questionId)));

const leadCaptureSettings = shape({
  ...captureTexts,
  enabled: flag,
  skippable: flag,
  useConfirmationCheckbox: flag,
  confirmationCheckboxText: text,
  captureName: flag,
  usePerOutcomeSettings: flag,
  fields: optional(listOf(leadField)),
  placement: optional(placement),
});

const quiz = shape({
  type: oneOf(['general', 'scored']),
  title: text,
  description: text,
  cta: text,
  redirect: text,
  backgroundImage: optional(nullable(image)),
  startPage: shape({ enabled: flag }),
  questions: listOf(question),
  outcomes: listOf(outcome),
  leadCaptureSettings,
  categories: optional(listOf(shape({ id: integer, name: text }))),
  scoring: optional(shape({ outcomeBy: oneOf(['score', 'percent']), showCategoryBars: flag })),
});

/** Whether `value` has the shape of a quiz in every part the pane's screens read. */
export const isPaneQuiz = (value: unknown): value is Quiz => quiz(value);
