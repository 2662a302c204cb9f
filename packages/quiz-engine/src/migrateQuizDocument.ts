import { isColorChoice } from '@quizbeam/contracts/colorValue';
import { isKnownFontChoice } from '@quizbeam/contracts/fonts';
import { type Answer, type Outcome, type Question, type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import {
  DEFAULT_LEAD_CAPTURE_TEXTS,
  MAX_OUTCOME_DESCRIPTIONS,
  QUIZ_DOCUMENT_VERSION,
} from '@quizbeam/contracts/quizConstants';
import { addAnswer, clampPoints } from './answers';
import { normaliseRule } from './flowRules';
import {
  answerDefaultRule,
  DEFAULT_THEME,
  defaultLeadCaptureSettings,
  newQuiz,
  questionDefaultRule,
  type THEME_DEFAULT_APPEARANCE,
} from './newQuiz';
import { addOutcome } from './outcomes';
import { addQuestion } from './questions';
import { sortByRank } from './ranks';

type Doc = Record<string, unknown>;

/** A stored quiz document that cannot be read: not an object, an unknown version, or invalid after migration. */
export class QuizDocumentError extends Error {
  override name = 'QuizDocumentError';
}

const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Integer ids, also from numeric strings; anything else is left for the schema to reject. */
const toId = (value: unknown): unknown =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;

/** The defaults the add functions give, so a migrated child looks like one created in the editor. */
function childDefaults(): { question: Question; answer: Answer; outcome: Outcome } {
  const added = addQuestion(newQuiz({ id: 'defaults', name: 'defaults', type: 'general' }));
  const withAnswer = addAnswer(added.quiz, added.questionId);
  const withOutcome = addOutcome(withAnswer.quiz);
  const question = withOutcome.quiz.questions[0];
  const answer = question?.answers[0];
  const outcome = withOutcome.quiz.outcomes[0];
  if (!question || !answer || !outcome) throw new Error('The add functions made no defaults.');
  return { question: { ...question, answers: [] }, answer, outcome };
}

/** Fields of `defaults` taken from `raw` when present (not undefined); unknown fields of `raw` are dropped. */
function fill<T extends object>(defaults: T, raw: Doc, skip: readonly string[] = []): Doc {
  const result: Doc = { ...(defaults as Doc) };
  for (const key of Object.keys(defaults)) {
    if (!skip.includes(key) && raw[key] !== undefined) result[key] = raw[key];
  }
  return result;
}

const records = (value: unknown): Doc[] => (Array.isArray(value) ? value.filter(isRecord) : []);

const byRawRank = (items: Doc[]): Doc[] =>
  sortByRank(
    items.map((item, index) => ({
      item,
      rank:
        typeof item.rank === 'number' && Number.isFinite(item.rank)
          ? item.rank
          : Number.MAX_SAFE_INTEGER + index,
    })),
  ).map(({ item }) => item);

const rawRule = (value: unknown, fallback: Doc): Doc =>
  isRecord(value)
    ? { behaviour: value.behaviour ?? fallback.behaviour, target: toId(value.target ?? null) }
    : fallback;

const rawPoints = (value: unknown): number => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' ? clampPoints(number) : 0;
};

/**
 * Version 0 (no `version` field): the original field names, any of them possibly missing. Missing fields get
 * the defaults of `newQuiz` and the add functions; the start page comes from `startPage.enabled` or a legacy
 * boolean `useStartPage` (on when neither is there); an outcome's legacy single `description` becomes
 * `descriptions`; ranks are renumbered after sorting by the stored ranks; flow rules are made consistent and
 * rules jumping to missing questions reset to their default, links to missing outcomes are cleared (as
 * removing them in the editor would have done); nextId becomes max(ids) + 1 when missing or too low.
 */
function migrateV0(doc: Doc): Doc {
  const defaults = childDefaults();
  const type = doc.type === 'scored' ? 'scored' : 'general';
  const name = nonEmptyString(doc.name) ?? nonEmptyString(doc.title) ?? 'Untitled quiz';
  const id = typeof doc.id === 'number' ? String(doc.id) : doc.id;
  const base = newQuiz({ id: typeof id === 'string' ? id : '', name, type });
  const quiz = fill(base, doc, ['version', 'id', 'name', 'type', 'questions', 'outcomes', 'nextId']);
  quiz.id = id;
  quiz.leadCaptureSettings = {
    ...defaultLeadCaptureSettings(),
    ...(isRecord(doc.leadCaptureSettings) ? doc.leadCaptureSettings : {}),
  };
  const startPage = isRecord(doc.startPage) ? doc.startPage.enabled : undefined;
  quiz.startPage = {
    enabled:
      typeof startPage === 'boolean'
        ? startPage
        : typeof doc.useStartPage === 'boolean'
          ? doc.useStartPage
          : true,
  };

  const outcomes = byRawRank(records(doc.outcomes)).map((raw, index) => {
    const outcome = fill(defaults.outcome, raw);
    outcome.id = toId(raw.id);
    outcome.rank = index + 1;
    const descriptions = Array.isArray(raw.descriptions)
      ? raw.descriptions
      : typeof raw.description === 'string'
        ? [raw.description]
        : [];
    outcome.descriptions = descriptions.length === 0 ? [''] : descriptions.slice(0, MAX_OUTCOME_DESCRIPTIONS);
    outcome.scoreRange = { from: null, to: null, ...(isRecord(raw.scoreRange) ? raw.scoreRange : {}) };
    outcome.leadCaptureSettings = {
      ...defaults.outcome.leadCaptureSettings,
      ...(isRecord(raw.leadCaptureSettings) ? raw.leadCaptureSettings : {}),
    };
    return outcome;
  });
  const outcomeIds = new Set(outcomes.map((outcome) => outcome.id));

  const rawQuestions = byRawRank(records(doc.questions));
  const questionIds = new Set(rawQuestions.map((raw) => toId(raw.id)).filter((id) => typeof id === 'number'));
  const questions = rawQuestions.map((raw, index) => {
    const question = fill(defaults.question, raw);
    question.id = toId(raw.id);
    question.rank = index + 1;
    question.type = raw.type === 'image_single_list' ? 'image_single_list' : 'single_list';
    question.next = normaliseRule(
      rawRule(raw.next, questionDefaultRule()) as Question['next'],
      'next_in_list',
      questionIds,
    );
    question.answers = records(raw.answers).map((rawAnswer) => {
      const answer = fill(defaults.answer, rawAnswer);
      answer.id = toId(rawAnswer.id);
      answer.points = rawPoints(rawAnswer.points);
      const outcome = toId(rawAnswer.outcome ?? null);
      answer.outcome = outcomeIds.has(outcome) ? outcome : null;
      answer.next = normaliseRule(
        rawRule(rawAnswer.next, answerDefaultRule()) as Answer['next'],
        'follow_question',
        questionIds,
      );
      return answer;
    });
    return question;
  });

  const ids = [
    ...questions.flatMap((question) => [
      question.id,
      ...(question.answers as Doc[]).map((answer) => answer.id),
    ]),
    ...outcomes.map((outcome) => outcome.id),
  ].filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const smallestNextId = Math.max(0, ...ids) + 1;
  const storedNextId = toId(doc.nextId);
  quiz.nextId =
    typeof storedNextId === 'number' && Number.isInteger(storedNextId) && storedNextId >= smallestNextId
      ? storedNextId
      : smallestNextId;
  quiz.questions = questions;
  quiz.outcomes = outcomes;
  quiz.version = 1;
  return quiz;
}

/** Version 1 → 2: the quiz carries the revision its saves are checked against; a stored one starts at 0. */
const migrateV1 = (doc: Doc): Doc => ({ ...doc, version: 2, revision: 0 });

/** What every quiz was given before themes carried defaults: the look of "no choice made". */
const PRE_THEME_DEFAULTS: Readonly<Record<keyof typeof THEME_DEFAULT_APPEARANCE, string>> = {
  fontFamily: 'Open Sans',
  textColor: '#1f2937',
  buttonBackgroundColor: '#4f46e5',
  buttonFontFamily: 'Open Sans',
  buttonTextColor: '#ffffff',
  ctaBackgroundColor: '#16a34a',
  ctaFontFamily: 'Open Sans',
  ctaTextColor: '#ffffff',
};

/**
 * Version 2 → 3: themes as data. Before it no one could pick a theme or a look in the editor, so the stored
 * theme becomes the default one, values equal to the old defaults become '' (the theme's), and a colour or
 * font the rules of version 3 refuse becomes '' rather than making the quiz unreadable.
 */
function migrateV2(doc: Doc): Doc {
  const migrated: Doc = { ...doc, version: 3, theme: DEFAULT_THEME };
  for (const [field, oldDefault] of Object.entries(PRE_THEME_DEFAULTS)) {
    const value = typeof doc[field] === 'string' ? (doc[field] as string).trim() : '';
    const isFont = field.endsWith('FontFamily') || field === 'fontFamily';
    const acceptable = isFont ? isKnownFontChoice(value) : isColorChoice(value);
    migrated[field] = value === oldDefault || !acceptable ? '' : value;
  }
  return migrated;
}

/** Every checkbox of the form's copy, written out as left unticked (what a lead now sends for it). */
function withUntickedCheckboxes(settings: unknown): unknown {
  if (!isRecord(settings) || !isRecord(settings.formData) || !isRecord(settings.fieldMappings))
    return settings;
  const checkboxes = records(settings.formData.fields)
    .filter((field) => typeof field.type === 'string' && field.type.toLowerCase() === 'checkbox')
    .map((field) => ({ name: field.name, value: field.value, choice: 'unticked' }));
  return { ...settings, fieldMappings: { ...settings.fieldMappings, checkboxes } };
}

/**
 * Version 3 → 4. Checkboxes of pasted HTML forms were sent ticked; each is now a choice, migrated to "leave
 * unticked". An outcome's capture header and description were filled with the default texts when it was
 * added, hiding the quiz's own texts under Segment by Outcome: those untouched defaults become '' (the
 * quiz's text), what a marketer typed stays.
 */
function migrateV3(doc: Doc): Doc {
  const migrated: Doc = { ...doc, version: 4 };
  if (isRecord(doc.leadCaptureSettings)) {
    migrated.leadCaptureSettings = {
      ...doc.leadCaptureSettings,
      htmlFormSettings: withUntickedCheckboxes(doc.leadCaptureSettings.htmlFormSettings),
    };
  }
  if (Array.isArray(doc.outcomes)) {
    migrated.outcomes = doc.outcomes.map((outcome) => {
      if (!isRecord(outcome) || !isRecord(outcome.leadCaptureSettings)) return outcome;
      const own = outcome.leadCaptureSettings;
      const unlessDefault = (text: unknown, fallback: string) => (text === fallback ? '' : text);
      return {
        ...outcome,
        leadCaptureSettings: {
          ...own,
          headerText: unlessDefault(own.headerText, DEFAULT_LEAD_CAPTURE_TEXTS.headerText),
          descriptionText: unlessDefault(own.descriptionText, DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText),
          htmlFormSettings: withUntickedCheckboxes(own.htmlFormSettings),
        },
      };
    });
  }
  return migrated;
}

/**
 * Version 4 → 5: new question types (several answers, ratings, numbers, dropdowns, text), weighted outcome
 * links and categories. Their settings are optional fields whose absence means the defaults, so a version-4
 * document only changes its version.
 */
const migrateV4 = (doc: Doc): Doc => ({ ...doc, version: 5 });

/** MIGRATIONS[v] turns a version-v document into a version v + 1 one. */
export const MIGRATIONS: Readonly<Record<number, (doc: Doc) => Doc>> = {
  0: migrateV0,
  1: migrateV1,
  2: migrateV2,
  3: migrateV3,
  4: migrateV4,
};

/**
 * Reads a stored quiz document of any known version and returns it as the current version, validated by
 * quizSchema. A document without `version` is version 0. Throws QuizDocumentError for anything that is not
 * an object, a version that is not a whole number or is newer than QUIZ_DOCUMENT_VERSION, or a document
 * that is still invalid after migration (the message lists the problems).
 */
export function migrateQuizDocument(raw: unknown): Quiz {
  if (!isRecord(raw)) throw new QuizDocumentError('A quiz document must be a JSON object.');
  const stored: unknown = raw.version ?? 0;
  if (typeof stored !== 'number' || !Number.isInteger(stored) || stored < 0) {
    throw new QuizDocumentError(
      `The quiz document version ${JSON.stringify(raw.version)} is not a whole number.`,
    );
  }
  if (stored > QUIZ_DOCUMENT_VERSION) {
    throw new QuizDocumentError(
      `The quiz document has version ${stored}, newer than this app understands (${QUIZ_DOCUMENT_VERSION}).`,
    );
  }
  let doc: Doc = raw;
  let version = stored;
  while (version < QUIZ_DOCUMENT_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new QuizDocumentError(`There is no migration from quiz document version ${version}.`);
    doc = step(doc);
    version += 1;
  }
  const parsed = quizSchema.safeParse(doc);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`,
    );
    throw new QuizDocumentError(`The quiz document is not valid: ${problems.join('; ')}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
