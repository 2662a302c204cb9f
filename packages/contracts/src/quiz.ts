import { z } from 'zod';
import { INVALID_COLOR_MESSAGE, isColorChoice } from './colorValue';
import { isKnownFontChoice, UNKNOWN_FONT_MESSAGE } from './fonts';
import { htmlFormSettingsSchema } from './htmlFormSettings';
import { leadFormFieldsSchema, leadFormPlacementSchema } from './leadFormFields';
import { leadNotificationsSchema, quizTrackingSchema, urlFieldsSchema } from './measurement';
import { numberSettingsSchema, questionProblems, ratingScaleSchema } from './questionSettings';
import {
  END_QUIZ_TARGET,
  MAX_ANSWERS_PER_QUESTION,
  MAX_CATEGORIES,
  MAX_CHILD_ID,
  MAX_DROPDOWN_OPTIONS,
  MAX_OUTCOME_DESCRIPTIONS,
  MAX_OUTCOME_LINKS,
  MAX_OUTCOME_WEIGHT,
  MAX_OUTCOMES,
  MAX_POINTS,
  MAX_QUESTIONS,
  MAX_VALUE_RANGES,
  NUMBER_INPUT_LIMIT,
  QUIZ_DOCUMENT_VERSION,
} from './quizConstants';
import { quizLanguageSchema } from './quizLanguage';

/** A question, answer or outcome id (see MAX_CHILD_ID). */
export const childIdSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_CHILD_ID - 1);
const childId = childIdSchema;
/** Ranks renumber 1..n; scores stay far below this (at most 500 questions × 10 points). */
const MAX_RANK = 10_000;
const MAX_SCORE_BOUND = 1_000_000;
const shortText = z.string().max(500);
const longText = z.string().max(20_000);
const url = z.string().max(2048);

export const QUIZ_NAME_REQUIRED_TEXT = 'Please enter a quiz name.';
export const QUIZ_NAME_MAX_LENGTH = 200;
/** The one quiz-name rule: creating, renaming, importing and templates alike. */
export const quizNameSchema = z
  .string()
  .trim()
  .min(1, QUIZ_NAME_REQUIRED_TEXT)
  .max(QUIZ_NAME_MAX_LENGTH, `Please keep the name to ${QUIZ_NAME_MAX_LENGTH} characters or fewer.`);

export const quizTypeSchema = z.enum(['general', 'scored']);
export type QuizType = z.infer<typeof quizTypeSchema>;

export const flowBehaviourSchema = z.enum([
  'next_in_list',
  'follow_question',
  'specific_question',
  'end_quiz',
]);
export type FlowBehaviour = z.infer<typeof flowBehaviourSchema>;

/**
 * Where to go after a question or an answer. `defaultBehaviour` is what the rule falls back to when
 * its target disappears: next_in_list for a question, follow_question for an answer.
 */
export const flowRuleSchema = z.object({
  defaultBehaviour: z.enum(['next_in_list', 'follow_question']),
  behaviour: flowBehaviourSchema,
  /** A question id for specific_question, END_QUIZ_TARGET for end_quiz, otherwise null. */
  target: z.number().int().min(END_QUIZ_TARGET).max(MAX_CHILD_ID).nullable(),
});
export type FlowRule = z.infer<typeof flowRuleSchema>;

export const MAX_IMAGE_VARIANTS = 12;
export const imageVariantSchema = z.object({
  width: z.number().int().min(1).max(MAX_SCORE_BOUND),
  height: z.number().int().min(1).max(MAX_SCORE_BOUND),
  type: z.enum(['image/webp', 'image/jpeg', 'image/png']),
  url,
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const imageSchema = z.object({
  id: z.string().max(100),
  accountId: z.string().max(100),
  filename: z.string().max(255),
  s3Key: z.string().max(1024),
  url,
  width: z.number().int().min(0).max(MAX_SCORE_BOUND).nullable(),
  height: z.number().int().min(0).max(MAX_SCORE_BOUND).nullable(),
  /**
   * Smaller copies made once at upload (WebP, and the original's format as the fallback), so a page
   * can offer a `srcset`; missing on images uploaded before variants existed.
   */
  variants: z.array(imageVariantSchema).max(MAX_IMAGE_VARIANTS).optional(),
});
export type Image = z.infer<typeof imageSchema>;

const outcomeWeight = z.number().int().min(1).max(MAX_OUTCOME_WEIGHT);

/** One more outcome an answer counts toward, with its weight (general quizzes). */
export const outcomeLinkSchema = z.object({ outcome: childId, weight: outcomeWeight });
export type OutcomeLink = z.infer<typeof outcomeLinkSchema>;

/** Links beyond an answer's first `outcome`, so at most MAX_OUTCOME_LINKS in all. */
const extraOutcomes = z.array(outcomeLinkSchema).max(MAX_OUTCOME_LINKS - 1);

export const answerSchema = z.object({
  id: childId,
  text: shortText,
  image: imageSchema.nullable(),
  imageCaption: shortText,
  /** 0 is "Incorrect"; above 0 is "Correct +n" (scored quizzes). */
  points: z.number().int().min(0).max(MAX_POINTS),
  /** The outcome this answer points to (general quizzes). */
  outcome: childId.nullable(),
  /** How much the link to `outcome` counts (1 when absent). */
  outcomeWeight: outcomeWeight.optional(),
  extraOutcomes: extraOutcomes.optional(),
  next: flowRuleSchema,
});
export type Answer = z.infer<typeof answerSchema>;

export const questionTypes = [
  'single_list',
  'image_single_list',
  'multi_list',
  'image_multi_list',
  'rating',
  'number_input',
  'dropdown',
  'text_input',
] as const;
export const questionTypeSchema = z.enum(questionTypes);
export type QuestionType = z.infer<typeof questionTypeSchema>;

const finiteNumber = z.number().min(-NUMBER_INPUT_LIMIT).max(NUMBER_INPUT_LIMIT);

/**
 * Rating and number questions: the values from `from` to `to` (inclusive) give `points` (scored quizzes),
 * count toward `outcome` and its extra links (general quizzes) and may branch. The first range holding the
 * value applies; a value in none gives 0 points and follows the question's rule.
 */
export const valueRangeSchema = z.object({
  from: finiteNumber,
  to: finiteNumber,
  points: z.number().int().min(0).max(MAX_POINTS),
  outcome: childId.nullable(),
  outcomeWeight: outcomeWeight.optional(),
  extraOutcomes: extraOutcomes.optional(),
  next: flowRuleSchema,
});
export type ValueRange = z.infer<typeof valueRangeSchema>;

const selectionCount = z.number().int().min(1).max(MAX_ANSWERS_PER_QUESTION).nullable();

/**
 * Fields beyond the single-choice question's are optional: absent means the type's default (see the
 * quiz engine's `questionTypes`), so documents and code written before them stay valid.
 */
export const questionSchema = z.object({
  id: childId,
  rank: z.number().int().min(1).max(MAX_RANK),
  type: questionTypeSchema,
  image: imageSchema.nullable(),
  text: longText,
  /** Formatted text under the question (bold, italic, links, lists, line breaks), sanitized when published. */
  description: longText.optional(),
  answers: z
    .array(answerSchema)
    .max(
      MAX_DROPDOWN_OPTIONS,
      `A dropdown takes at most ${MAX_DROPDOWN_OPTIONS.toLocaleString('en-US')} choices.`,
    ),
  next: flowRuleSchema,
  /** Multi-select questions: how many answers a visitor must and may choose (null: no limit). */
  selection: z.object({ min: selectionCount, max: selectionCount }).optional(),
  rating: ratingScaleSchema.optional(),
  number: numberSettingsSchema.optional(),
  ranges: z.array(valueRangeSchema).max(MAX_VALUE_RANGES).optional(),
  /** Text questions: a long (several lines) answer, and whether the visitor may leave it empty. */
  multiline: z.boolean().optional(),
  optional: z.boolean().optional(),
  /** Scored quizzes: the category the question's points count toward. */
  category: childId.nullable().optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const categorySchema = z.object({
  id: childId,
  name: z.string().trim().min(1, 'Please enter a category name.').max(100),
});
export type Category = z.infer<typeof categorySchema>;

export const scoringSettingsSchema = z.object({
  /** Scored quizzes: outcome intervals are points (score) or a percentage of the maximum (percent). */
  outcomeBy: z.enum(['score', 'percent']),
  /** Show a bar per category on the outcome page. */
  showCategoryBars: z.boolean(),
});
export type ScoringSettings = z.infer<typeof scoringSettingsSchema>;

/** Webhooks a lead is also sent to (besides its one api or html-form destination). */
const webhookIds = z.array(z.uuid()).max(10).default([]);

export const outcomeLeadCaptureSettingsSchema = z.object({
  targetId: z.string().max(200).nullable(),
  webhookIds,
  headerText: shortText,
  descriptionText: longText,
  htmlFormSettings: htmlFormSettingsSchema.nullable(),
  dataUsageNote: longText,
  privacyPolicyUrl: url,
});
export type OutcomeLeadCaptureSettings = z.infer<typeof outcomeLeadCaptureSettingsSchema>;

export const scoreRangeSchema = z.object({
  from: z.number().int().min(0).max(MAX_SCORE_BOUND).nullable(),
  to: z.number().int().min(0).max(MAX_SCORE_BOUND).nullable(),
});
export type ScoreRange = z.infer<typeof scoreRangeSchema>;

export const outcomeSchema = z.object({
  id: childId,
  rank: z.number().int().min(1).max(MAX_RANK),
  name: shortText,
  type: z.enum(['text', 'redirect']),
  redirect: url,
  /** The first is the description; the others are alternates shown in rotation (pro accounts). */
  descriptions: z.array(longText).min(1).max(MAX_OUTCOME_DESCRIPTIONS),
  image: imageSchema.nullable(),
  enableSocialSharing: z.boolean(),
  enableCta: z.boolean(),
  ctaButtonText: shortText,
  ctaUrl: url,
  scoreRange: scoreRangeSchema,
  leadCaptureSettings: outcomeLeadCaptureSettingsSchema,
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const leadCaptureSettingsSchema = z.object({
  type: z.enum(['api', 'html-form']),
  targetServiceName: z.string().max(100).nullable(),
  connectionId: z.string().max(200).nullable(),
  targetId: z.string().max(200).nullable(),
  enabled: z.boolean(),
  skippable: z.boolean(),
  useConfirmationCheckbox: z.boolean(),
  confirmationCheckboxText: longText,
  captureName: z.boolean(),
  usePerOutcomeSettings: z.boolean(),
  headerText: shortText,
  descriptionText: longText,
  dataUsageNote: longText,
  privacyPolicyUrl: url,
  htmlFormSettings: htmlFormSettingsSchema.nullable(),
  webhookIds,
  /** Fields beyond name and email, in order (absent: none). */
  fields: leadFormFieldsSchema.optional(),
  /** Absent: before the results. */
  placement: leadFormPlacementSchema.optional(),
  /** The account's conversion APIs (Meta, GA4) each lead is also sent to, server-side. */
  conversionApiIds: z.array(z.uuid()).max(10).optional(),
});
export type LeadCaptureSettings = z.infer<typeof leadCaptureSettingsSchema>;

/** '' means the theme's colour or font; anything else is the marketer's own choice. */
const color = z.string().max(100).refine(isColorChoice, INVALID_COLOR_MESSAGE);
const font = z.string().max(100).refine(isKnownFontChoice, UNKNOWN_FONT_MESSAGE);

/** The whole quiz as the editor holds it and `PUT /api/quizzes/{id}` stores it. */
export const quizSchema = z
  .object({
    version: z.literal(QUIZ_DOCUMENT_VERSION),
    id: z.string(),
    name: quizNameSchema,
    /** Start page title, description and button text (`cta`). */
    title: shortText,
    description: longText,
    cta: shortText,
    type: quizTypeSchema,
    questions: z.array(questionSchema).max(MAX_QUESTIONS),
    outcomes: z.array(outcomeSchema).max(MAX_OUTCOMES),
    /** The next child id to hand out; every question, answer and outcome id is below it. */
    nextId: z.number().int().min(1).max(MAX_CHILD_ID),
    /**
     * Counts the saves: a save or publish carries the revision it started from and is refused (409) when
     * another one came first. The server sets it; the stored document and its row agree. One below the
     * column's largest integer, as a save stores it plus one.
     */
    revision: z
      .number()
      .int()
      .min(0)
      .max(MAX_CHILD_ID - 1),
    redirect: url,
    publishedId: z.string().nullable(),
    publishedHost: z.string().nullable(),
    isPublished: z.boolean(),
    /** A theme id from the catalog (GET /api/themes); the server refuses unknown and unpermitted ones. */
    theme: z.string().max(100),
    /** null: use the account's setting. */
    showPoweredByBadge: z.boolean().nullable(),
    backgroundImage: imageSchema.nullable(),
    socialShareImage: imageSchema.nullable(),
    fontFamily: font,
    textColor: color,
    buttonBackgroundColor: color,
    buttonFontFamily: font,
    buttonTextColor: color,
    ctaBackgroundColor: color,
    ctaFontFamily: font,
    ctaTextColor: color,
    domain: z.string().max(253).nullable(),
    leadCaptureSettings: leadCaptureSettingsSchema,
    startPage: z.object({ enabled: z.boolean() }),
    categories: z.array(categorySchema).max(MAX_CATEGORIES).optional(),
    scoring: scoringSettingsSchema.optional(),
    /** The address parameters kept on visits and leads; absent: `DEFAULT_URL_FIELDS`. */
    urlFields: urlFieldsSchema.optional(),
    /** The tags turned on in the visitor's browser; absent: the account's defaults. */
    tracking: quizTrackingSchema.optional(),
    /** Emails about new leads; absent: none. */
    leadNotifications: leadNotificationsSchema.optional(),
    /** The language visitors read Quizbeam's own texts in; absent: English. */
    language: quizLanguageSchema.optional(),
  })
  .superRefine((quiz, context) => {
    const seen = new Set<number>();
    const checkId = (id: number, path: (string | number)[]) => {
      if (seen.has(id))
        context.addIssue({ code: 'custom', path: [...path, 'id'], message: `Id ${id} is used twice.` });
      if (id >= quiz.nextId) {
        context.addIssue({ code: 'custom', path: [...path, 'id'], message: `Id ${id} is not below nextId.` });
      }
      seen.add(id);
    };
    const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
    const categoryIds = new Set((quiz.categories ?? []).map((category) => category.id));
    const checkLinks = (links: OutcomeLink[] | undefined, path: (string | number)[]) => {
      links?.forEach((link, l) => {
        if (!outcomeIds.has(link.outcome))
          context.addIssue({ code: 'custom', path: [...path, l, 'outcome'], message: 'No such outcome.' });
      });
    };
    quiz.questions.forEach((question, q) => {
      const at = ['questions', q];
      checkId(question.id, at);
      question.answers.forEach((answer, a) => {
        checkId(answer.id, [...at, 'answers', a]);
        checkLinks(answer.extraOutcomes, [...at, 'answers', a, 'extraOutcomes']);
      });
      for (const problem of questionProblems(question))
        context.addIssue({ code: 'custom', path: [...at, ...problem.path], message: problem.message });
      question.ranges?.forEach((range, r) => {
        checkLinks(range.extraOutcomes, [...at, 'ranges', r, 'extraOutcomes']);
      });
      if (question.category != null && !categoryIds.has(question.category))
        context.addIssue({ code: 'custom', path: [...at, 'category'], message: 'No such category.' });
    });
    const placement = quiz.leadCaptureSettings.placement;
    if (
      placement?.at === 'after_question' &&
      !quiz.questions.some((question) => question.id === placement.questionId)
    )
      context.addIssue({
        code: 'custom',
        path: ['leadCaptureSettings', 'placement', 'questionId'],
        message: 'No such question.',
      });
    quiz.categories?.forEach((category, c) => {
      checkId(category.id, ['categories', c]);
    });
    // An inverted score interval is stored as typed (the editor never moves the other bound); Publish lists it.
    quiz.outcomes.forEach((outcome, o) => {
      checkId(outcome.id, ['outcomes', o]);
    });
  });
export type Quiz = z.infer<typeof quizSchema>;

export const quizSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: quizTypeSchema,
  theme: z.string(),
  backgroundImage: imageSchema.nullable(),
  isPublished: z.boolean(),
  updatedAt: z.string(),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;
