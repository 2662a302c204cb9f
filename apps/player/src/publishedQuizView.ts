import type { LeadFormField } from '@quizbeam/contracts/leadFormFields';
import type { Answer, Image, ImageVariant, Outcome, Question, Quiz } from '@quizbeam/contracts/quiz';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import { type FlowIndex, flowIndex, resolveNext } from '@quizbeam/quiz-engine/flow';
import { leadFormFields, leadFormPlacementFor } from '@quizbeam/quiz-engine/leadCapture';
import { questionExits } from '@quizbeam/quiz-engine/questionExits';
import {
  numberSettings,
  outcomeLinks,
  questionKind,
  ratingScale,
  selectionBounds,
} from '@quizbeam/quiz-engine/questionTypes';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { visitorVariants } from './markup/responsiveImage';
import type {
  CaptureTexts,
  OutcomeCaptureTexts,
  OutcomeHints,
  PublishedLeadCapture,
  PublishedLeadField,
  PublishedQuestion,
  PublishedQuizView,
} from './playerData';

/** The page title and start-page heading when the marketer left the title empty (the name is internal). */
export const UNTITLED_QUIZ_TITLE = 'Quiz';

/** An image as the page carries it: its URL, and its variants for a `srcset` when it has any. */
function imageFields(image: Image | null): { imageUrl: string | null; imageVariants?: ImageVariant[] } {
  const imageUrl = image?.url || null;
  const imageVariants = imageUrl ? visitorVariants(image?.variants) : [];
  return imageVariants.length > 0 ? { imageUrl, imageVariants } : { imageUrl };
}

const captureTexts = (texts: CaptureTexts): CaptureTexts => ({
  headerText: texts.headerText,
  descriptionText: texts.descriptionText,
  dataUsageNote: texts.dataUsageNote,
  privacyPolicyUrl: texts.privacyPolicyUrl,
});

/**
 * A field as the visitor's form needs it: never where its value goes (an email service's or form's field). Its
 * key only when the marketer's scripts read the lead (`withKeys`).
 */
function publishedLeadField(field: LeadFormField, withKeys: boolean): PublishedLeadField {
  const published: PublishedLeadField = {
    id: field.id,
    kind: field.kind,
    label: field.label.trim(),
    required: field.required,
  };
  if (withKeys) published.key = field.key;
  if (field.kind === 'choice') published.choices = (field.choices ?? []).map((choice) => choice.trim());
  return published;
}

/**
 * Segment by Outcome: the outcomes whose capture texts a visitor may see, by rank (scored quizzes: those
 * with a whole score interval, the only ones a score can lead to), each with its own texts where set.
 */
function segmentOutcomes(quiz: Quiz): { outcomes: Outcome[]; texts: OutcomeCaptureTexts[] } {
  const quizTexts = captureTexts(quiz.leadCaptureSettings);
  const scored = quiz.type === 'scored';
  const outcomes = sortByRank(quiz.outcomes).filter(
    ({ scoreRange }) => !scored || (scoreRange.from !== null && scoreRange.to !== null),
  );
  const texts = outcomes.map(({ leadCaptureSettings: own, scoreRange }): OutcomeCaptureTexts => {
    const pick = (key: keyof CaptureTexts) => (own[key].trim() ? own[key] : quizTexts[key]);
    return {
      texts: {
        headerText: pick('headerText'),
        descriptionText: pick('descriptionText'),
        dataUsageNote: pick('dataUsageNote'),
        privacyPolicyUrl: pick('privacyPolicyUrl'),
      },
      scores:
        scored && scoreRange.from !== null && scoreRange.to !== null
          ? { from: scoreRange.from, to: scoreRange.to }
          : null,
    };
  });
  return { outcomes, texts };
}

/** What Segment by Outcome needs of an answer or range: its points, or its links by outcome position. */
type HintsOf = (item: Pick<Answer, 'points' | 'outcome' | 'outcomeWeight' | 'extraOutcomes'>) => OutcomeHints;

function hintsFor(quiz: Quiz, outcomes: Outcome[] | null): HintsOf {
  if (!outcomes) return () => ({});
  if (quiz.type === 'scored') return ({ points }) => ({ points });
  const position = new Map(outcomes.map((outcome, index) => [outcome.id, index]));
  return (item) => ({
    links: outcomeLinks(item).flatMap(({ outcome, weight }) => {
      const index = position.get(outcome);
      return index === undefined ? [] : [{ outcome: index, weight }];
    }),
  });
}

/** A question as the page holds it: what its type's screen shows and where each response leads. */
function publishedQuestion(index: FlowIndex, question: Question, hints: HintsOf): PublishedQuestion {
  const stepTo = (item: Pick<Answer, 'next'> | null) => {
    const step = resolveNext(index, question, item);
    return step.kind === 'question' ? step.questionId : null;
  };
  const kind = questionKind(question.type);
  const leadsTo = new Set<number>();
  for (const exit of questionExits(index, question)) if (exit.to !== null) leadsTo.add(exit.to);
  const published: PublishedQuestion = {
    id: question.id,
    type: question.type,
    text: question.text,
    ...(question.description?.trim() && { descriptionHtml: question.description }),
    ...imageFields(question.image),
    answers: [],
    next: stepTo(null),
    leadsTo: [...leadsTo],
  };
  if (kind === 'choice' || kind === 'multi') {
    published.answers = question.answers.map((answer) => ({
      id: answer.id,
      text: answer.text,
      ...imageFields(answer.image),
      imageCaption: answer.imageCaption,
      next: stepTo(answer),
      ...(kind === 'multi' && answer.next.behaviour !== 'follow_question' && { ownRule: true as const }),
      ...hints(answer),
    }));
  }
  if (kind === 'multi') published.selection = selectionBounds(question);
  if (kind === 'value') {
    if (question.type === 'rating') published.rating = ratingScale(question);
    else published.number = numberSettings(question);
    published.ranges = (question.ranges ?? []).map((range) => ({
      from: range.from,
      to: range.to,
      next: stepTo(range),
      ...hints(range),
    }));
  }
  if (kind === 'text') {
    published.multiline = question.multiline === true;
    published.optional = question.optional === true;
  }
  return published;
}

/**
 * What a visitor's page holds of a quiz the server prepared for visitors (links and images checked, default
 * capture texts filled in, integrations removed; its visitorQuiz): the start page, the questions in flow
 * order with what each type asks and where each response leads, and the capture form's texts. Never the
 * name, ids of the account, storage keys or outcomes, which a completion's answer brings one at a time.
 * `maxScore` (the score analysis's) is needed when the capture texts follow an outcome chosen by percentage.
 * `fieldKeys`: the page runs the marketer's opt-in or completion code, which reads the form's fields by their
 * keys (window.quizbeam); other pages do without them.
 */
export function publishedQuizView(
  quiz: Quiz,
  maxScore: number,
  options: { fieldKeys?: boolean } = {},
): PublishedQuizView {
  const index = flowIndex(quiz);
  const settings = quiz.leadCaptureSettings;
  const placement = leadFormPlacementFor(quiz);
  // Before the questions or after one, no outcome is known yet: every visitor sees the quiz's texts.
  const segments =
    settings.enabled && settings.usePerOutcomeSettings && placement.at === 'before_results'
      ? segmentOutcomes(quiz)
      : null;
  const byPercent = segments !== null && quiz.type === 'scored' && quiz.scoring?.outcomeBy === 'percent';
  const leadCapture: PublishedLeadCapture | null = settings.enabled
    ? {
        ...captureTexts(settings),
        captureName: settings.captureName,
        useConfirmationCheckbox: settings.useConfirmationCheckbox,
        confirmationCheckboxText: settings.confirmationCheckboxText,
        skippable: settings.skippable,
        byOutcome: segments?.texts ?? null,
        ...(byPercent && { percentOf: maxScore }),
        fields: leadFormFields(quiz).map((field) => publishedLeadField(field, options.fieldKeys === true)),
        placement,
      }
    : null;
  const hints = hintsFor(quiz, segments?.outcomes ?? null);
  return {
    type: quiz.type,
    title: quiz.title.trim() ? quiz.title : UNTITLED_QUIZ_TITLE,
    description: quiz.description,
    cta: quiz.cta,
    startPage: quiz.startPage.enabled,
    questions: sortByRank(quiz.questions).map((question) => publishedQuestion(index, question, hints)),
    leadCapture,
    urlFields: urlFieldNamesOf(quiz),
  };
}
