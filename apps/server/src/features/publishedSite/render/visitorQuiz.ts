import type { Quiz } from '@quizbeam/contracts/quiz';
import { quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { safeImage, safeLinkUrl } from '@quizbeam/player/safeUrl';
import { visitorLeadCaptureSettings } from '@quizbeam/player/visitorLeadCapture';
import { sanitizeDescription } from './sanitizeDescription';

function prepare(quiz: Quiz, shown: VisitorLanguage): Quiz {
  return {
    ...quiz,
    redirect: safeLinkUrl(quiz.redirect),
    backgroundImage: safeImage(quiz.backgroundImage),
    socialShareImage: safeImage(quiz.socialShareImage),
    leadCaptureSettings: visitorLeadCaptureSettings(
      quiz.leadCaptureSettings,
      quizVisitorTexts(quiz.language, shown),
    ),
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

/** Snapshots never change and stay in memory while used: each is prepared once per language, not per completion. */
const prepared = new WeakMap<Quiz, Map<VisitorLanguage, Quiz>>();

/**
 * The quiz with everything a visitor may be shown made safe: links and images http(s) only (mailto too for
 * links), descriptions sanitized, empty capture-form texts replaced by the defaults of the language `shown`,
 * integrations removed.
 * What the page holds (publishedQuizView) and the outcome a completion answers are taken from it.
 */
export function visitorQuiz(quiz: Quiz, shown: VisitorLanguage): Quiz {
  let byLanguage = prepared.get(quiz);
  if (!byLanguage) {
    byLanguage = new Map();
    prepared.set(quiz, byLanguage);
  }
  let result = byLanguage.get(shown);
  if (!result) {
    result = prepare(quiz, shown);
    byLanguage.set(shown, result);
  }
  return result;
}
