import type { Answered } from '@quizbeam/contracts/visitorEvents';
import type { CaptureView } from '../markup/captureScreen';
import type {
  CaptureTexts,
  OutcomeCaptureTexts,
  PublishedLeadCapture,
  PublishedQuizView,
} from '../playerData';

/**
 * With Segment by Outcome, the texts of the outcome the answers lead to. The server computes the outcome
 * itself when the form is sent; these are the engine's rules (scoredOutcome, mostAnsweredOutcome) over the
 * little the page holds for it: the answers' points or outcome, the outcomes in rank order.
 */
function outcomeTexts(
  quiz: PublishedQuizView,
  byOutcome: OutcomeCaptureTexts[],
  answers: readonly Answered[],
): CaptureTexts | undefined {
  const chosen = answers.flatMap(({ questionId, answerId }) => {
    const question = quiz.questions.find((candidate) => candidate.id === questionId);
    const answer = question?.answers.find((candidate) => candidate.id === answerId);
    return answer ? [answer] : [];
  });
  if (quiz.type === 'scored') {
    const score = chosen.reduce((sum, answer) => sum + (answer.points ?? 0), 0);
    return byOutcome.find(({ scores }) => scores !== null && scores.from <= score && score <= scores.to)
      ?.texts;
  }
  const counts = byOutcome.map(() => 0);
  for (const { outcome } of chosen) {
    if (outcome !== undefined && outcome !== null && outcome < counts.length)
      counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  // The most linked outcome; the first by rank among equals, and when no answer links one.
  const best = counts.indexOf(Math.max(...counts));
  return byOutcome[best]?.texts;
}

/** The capture form for a visitor's answers: the quiz's texts, or their outcome's with Segment by Outcome. */
export function captureViewOf(
  quiz: PublishedQuizView,
  capture: PublishedLeadCapture,
  answers: readonly Answered[],
): CaptureView {
  const texts = (capture.byOutcome && outcomeTexts(quiz, capture.byOutcome, answers)) || capture;
  return {
    headerText: texts.headerText,
    descriptionText: texts.descriptionText,
    dataUsageNote: texts.dataUsageNote,
    privacyPolicyUrl: texts.privacyPolicyUrl,
    captureName: capture.captureName,
    useConfirmationCheckbox: capture.useConfirmationCheckbox,
    confirmationCheckboxText: capture.confirmationCheckboxText,
    skippable: capture.skippable,
  };
}
