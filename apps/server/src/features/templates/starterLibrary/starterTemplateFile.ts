import { quizNameSchema } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_DESCRIPTIONS, MAX_POINTS } from '@quizbeam/contracts/quizConstants';
import {
  categoryNameSchema,
  MAX_POINT_OF_QUIZ,
  MAX_TEMPLATE_DESCRIPTION,
} from '@quizbeam/contracts/templates';
import { z } from 'zod';

/*
 * The authoring format of the starter library: one JSON file per template in `templates/` and the
 * categories in `categories.json`. It holds only the content; `expandStarterTemplate` builds the full quiz
 * document from it with the quiz engine, so ids, ranks, flow rules and appearance match what the editor makes.
 */

export const MIN_QUESTIONS = 5;
export const MAX_QUESTIONS = 10;
export const MIN_ANSWERS = 3;
export const MAX_ANSWERS = 5;
export const MIN_GENERAL_OUTCOMES = 3;
export const MAX_GENERAL_OUTCOMES = 5;
export const MIN_SCORED_OUTCOMES = 3;
export const MAX_SCORED_OUTCOMES = 4;

/** Stable across releases: lowercase words joined by hyphens, e.g. 'which-plan-fits-you'. */
const keySchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.');

/** Visible text: something to read, never blank or padded. */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => value.trim() === value && value.trim() !== '', 'No blank or padded text.');

const startPageSchema = z.strictObject({
  enabled: z.boolean(),
  title: text(500),
  description: text(20_000),
  /** The start button's text. */
  cta: text(500),
});

/** Present when the template captures leads: the capture form is on, with these texts. */
const leadCaptureSchema = z.strictObject({
  headerText: text(500),
  descriptionText: text(20_000),
});

const outcomeFields = {
  key: keySchema,
  name: text(500),
  /** The description, then alternates shown in rotation (pro accounts). Plain text; blank lines part paragraphs. */
  descriptions: z.array(text(20_000)).min(1).max(MAX_OUTCOME_DESCRIPTIONS),
  /**
   * A call-to-action button text to start from. A template cannot know the marketer's link, so the CTA stays
   * off: the text is ready when they turn it on and add their own link.
   */
  suggestedCtaText: text(500).optional(),
};

const generalOutcomeSchema = z.strictObject(outcomeFields);
const scoredOutcomeSchema = z.strictObject({
  ...outcomeFields,
  /** Inclusive; the bands together cover 0 to the quiz's maximum score without gaps or overlaps. */
  scoreRange: z.strictObject({ from: z.number().int().min(0), to: z.number().int().min(0) }),
});

const generalAnswerSchema = z.strictObject({ text: text(500), outcome: keySchema });
const scoredAnswerSchema = z.strictObject({
  text: text(500),
  points: z.number().int().min(0).max(MAX_POINTS),
});

const questionSchema = <Answer extends z.ZodType>(answer: Answer) =>
  z.strictObject({ text: text(20_000), answers: z.array(answer).min(MIN_ANSWERS).max(MAX_ANSWERS) });

const templateFields = {
  key: keySchema,
  categoryKey: keySchema,
  name: quizNameSchema,
  description: text(MAX_TEMPLATE_DESCRIPTION),
  /** One line on what the quiz is for, shown in New Quiz. */
  pointOfQuiz: text(MAX_POINT_OF_QUIZ),
  /** Premium: selectable only by accounts with extraTemplates. */
  isExtra: z.boolean(),
  isAvailableForNewQuizzes: z.boolean(),
  startPage: startPageSchema,
  leadCapture: leadCaptureSchema.optional(),
  /** Whether every outcome offers the visitor share links (results people like to show off). */
  socialSharing: z.boolean().default(false),
};

const generalTemplateSchema = z.strictObject({
  ...templateFields,
  type: z.literal('general'),
  outcomes: z.array(generalOutcomeSchema).min(MIN_GENERAL_OUTCOMES).max(MAX_GENERAL_OUTCOMES),
  questions: z.array(questionSchema(generalAnswerSchema)).min(MIN_QUESTIONS).max(MAX_QUESTIONS),
});

const scoredTemplateSchema = z.strictObject({
  ...templateFields,
  type: z.literal('scored'),
  outcomes: z.array(scoredOutcomeSchema).min(MIN_SCORED_OUTCOMES).max(MAX_SCORED_OUTCOMES),
  questions: z.array(questionSchema(scoredAnswerSchema)).min(MIN_QUESTIONS).max(MAX_QUESTIONS),
});

type Issue = { path: (string | number)[]; message: string };

function duplicateKeyIssues(outcomes: readonly { key: string }[]): Issue[] {
  const seen = new Set<string>();
  return outcomes.flatMap(({ key }, index) => {
    if (seen.has(key))
      return [{ path: ['outcomes', index, 'key'], message: `Outcome key "${key}" is used twice.` }];
    seen.add(key);
    return [];
  });
}

/** Every answer links an outcome of the template, and every outcome is linked by some answer. */
function generalLinkIssues(template: z.infer<typeof generalTemplateSchema>): Issue[] {
  const keys = new Set(template.outcomes.map((outcome) => outcome.key));
  const linked = new Set<string>();
  const issues: Issue[] = [];
  template.questions.forEach((question, q) => {
    question.answers.forEach((answer, a) => {
      linked.add(answer.outcome);
      if (!keys.has(answer.outcome)) {
        issues.push({
          path: ['questions', q, 'answers', a, 'outcome'],
          message: `No outcome has the key "${answer.outcome}".`,
        });
      }
    });
  });
  template.outcomes.forEach((outcome, o) => {
    if (!linked.has(outcome.key))
      issues.push({ path: ['outcomes', o], message: `No answer leads to outcome "${outcome.key}".` });
  });
  return issues;
}

/**
 * The bands, in order, start at 0 and each starts right after the one before. That they end at the quiz's
 * maximum score needs the built quiz: `expandStarterTemplate` checks it.
 */
function scoreBandIssues(template: z.infer<typeof scoredTemplateSchema>): Issue[] {
  let expectedFrom = 0;
  return template.outcomes.flatMap(({ scoreRange: { from, to } }, o) => {
    const issues: Issue[] = [];
    if (from !== expectedFrom)
      issues.push({ path: ['outcomes', o, 'scoreRange', 'from'], message: `Expected ${expectedFrom}.` });
    if (to < from)
      issues.push({ path: ['outcomes', o, 'scoreRange', 'to'], message: 'The band ends before it starts.' });
    expectedFrom = to + 1;
    return issues;
  });
}

export const starterTemplateFileSchema = z
  .discriminatedUnion('type', [generalTemplateSchema, scoredTemplateSchema])
  .superRefine((template, context) => {
    const issues = [
      ...duplicateKeyIssues(template.outcomes),
      ...(template.type === 'general' ? generalLinkIssues(template) : scoreBandIssues(template)),
    ];
    for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
  });
export type StarterTemplateFile = z.infer<typeof starterTemplateFileSchema>;

export const starterCategoriesFileSchema = z
  .array(z.strictObject({ key: keySchema, name: categoryNameSchema }))
  .min(1)
  .superRefine((categories, context) => {
    const keys = new Set<string>();
    const names = new Set<string>();
    categories.forEach(({ key, name }, index) => {
      if (keys.has(key))
        context.addIssue({ code: 'custom', path: [index, 'key'], message: `Key "${key}" is used twice.` });
      if (names.has(name.toLowerCase()))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: `Name "${name}" is used twice.` });
      keys.add(key);
      names.add(name.toLowerCase());
    });
  });
export type StarterCategoriesFile = z.infer<typeof starterCategoriesFileSchema>;
