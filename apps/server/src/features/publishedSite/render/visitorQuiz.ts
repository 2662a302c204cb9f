import type { Quiz } from '@quizbeam/contracts/quiz';
import { safeImage, safeLinkUrl } from '@quizbeam/player/safeUrl';
import { visitorLeadCaptureSettings } from '@quizbeam/player/visitorLeadCapture';
import { sanitizeDescription } from './sanitizeDescription';

function prepare(quiz: Quiz): Quiz {
  return {
    ...quiz,
    redirect: safeLinkUrl(quiz.redirect),
    backgroundImage: safeImage(quiz.backgroundImage),
    socialShareImage: safeImage(quiz.socialShareImage),
    leadCaptureSettings: visitorLeadCaptureSettings(quiz.leadCaptureSettings),
    description: sanitizeDescription(quiz.description),
    questions: quiz.questions.map((question) => ({
      ...question,
      description: sanitizeDescription(question.description ?? ''),
      image: safeImage(question.image),
      answers: question.answers.map((answer) => ({ ...answer, image: safeImage(answer.image) })),
    })),
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      redirect: safeLinkUrl(outcome.redirect),
      ctaUrl: safeLinkUrl(outcome.ctaUrl),
      image: safeImage(outcome.image),
      descriptions: outcome.descriptions.map(sanitizeDescription),
      leadCaptureSettings: {
        ...outcome.leadCaptureSettings,
        targetId: null,
        htmlFormSettings: null,
        privacyPolicyUrl: safeLinkUrl(outcome.leadCaptureSettings.privacyPolicyUrl),
      },
    })),
  };
}

/** Snapshots never change and stay in memory while used: each is prepared once, not per completion. */
const prepared = new WeakMap<Quiz, Quiz>();

/**
 * The quiz with everything a visitor may be shown made safe: links and images http(s) only (mailto too for
 * links), descriptions sanitized, empty capture-form texts replaced by the defaults, integrations removed.
 * What the page holds (publishedQuizView) and the outcome a completion answers are taken from it.
 */
export function visitorQuiz(quiz: Quiz): Quiz {
  let result = prepared.get(quiz);
  if (!result) {
    result = prepare(quiz);
    prepared.set(quiz, result);
  }
  return result;
}
