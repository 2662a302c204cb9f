import { chosenAnswerIds } from '@quizbeam/contracts/responses';
import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { questionById, rangeOfValue } from '../flow/questionPath';
import type { CaptureView } from '../markup/captureScreen';
import type {
  CaptureTexts,
  OutcomeCaptureTexts,
  OutcomeHints,
  PublishedLeadCapture,
  PublishedQuizView,
} from '../playerData';

/** What a response counts for Segment by Outcome: the points and outcome links of what it chose. */
function hintsOf(quiz: PublishedQuizView, response: Answered): OutcomeHints[] {
  const question = questionById(quiz, response.questionId);
  if (!question) return [];
  if ('value' in response) return [rangeOfValue(question, response.value) ?? {}];
  const chosen = chosenAnswerIds(response);
  return question.answers.filter((answer) => chosen.includes(answer.id));
}

/**
 * With Segment by Outcome, the texts of the outcome the answers lead to. The server computes the outcome
 * itself when the form is sent; these are the engine's rules (quizResult, weightedOutcome) over the little
 * the page holds for it: the points or weighted outcome links of what was chosen, the outcomes by rank.
 */
function outcomeTexts(
  quiz: PublishedQuizView,
  capture: PublishedLeadCapture,
  byOutcome: OutcomeCaptureTexts[],
  answers: readonly Answered[],
): CaptureTexts | undefined {
  const chosen = answers.flatMap((response) => hintsOf(quiz, response));
  if (quiz.type === 'scored') {
    const score = chosen.reduce((sum, hints) => sum + (hints.points ?? 0), 0);
    const measure = capture.percentOf === undefined ? score : percentOf(score, capture.percentOf);
    return byOutcome.find(({ scores }) => scores !== null && scores.from <= measure && measure <= scores.to)
      ?.texts;
  }
  const totals = byOutcome.map(() => 0);
  for (const { links } of chosen) {
    for (const { outcome, weight } of links ?? [])
      if (outcome < totals.length) totals[outcome] = (totals[outcome] ?? 0) + weight;
  }
  // The highest total weight; the first by rank among equals, and when nothing links an outcome.
  return byOutcome[totals.indexOf(Math.max(...totals))]?.texts;
}

/** The capture form for a visitor's answers: the quiz's texts, or their outcome's with Segment by Outcome. */
export function captureViewOf(
  quiz: PublishedQuizView,
  capture: PublishedLeadCapture,
  answers: readonly Answered[],
): CaptureView {
  const texts = (capture.byOutcome && outcomeTexts(quiz, capture, capture.byOutcome, answers)) || capture;
  return {
    headerText: texts.headerText,
    descriptionText: texts.descriptionText,
    dataUsageNote: texts.dataUsageNote,
    privacyPolicyUrl: texts.privacyPolicyUrl,
    captureName: capture.captureName,
    useConfirmationCheckbox: capture.useConfirmationCheckbox,
    confirmationCheckboxText: capture.confirmationCheckboxText,
    skippable: capture.skippable,
    fields: capture.fields,
  };
}
