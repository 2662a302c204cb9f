import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { safeImage, safeLinkUrl } from '@quizbeam/player/safeUrl';
import { sanitizeDescription } from './sanitizeDescription';

const orDefault = (text: string, fallback: string) => (text.trim() ? text : fallback);

/** The texts and switches; which service or form receives the lead stays on the server. */
function visitorLeadCaptureSettings(settings: LeadCaptureSettings): LeadCaptureSettings {
  return {
    ...settings,
    targetServiceName: null,
    connectionId: null,
    targetId: null,
    htmlFormSettings: null,
    headerText: orDefault(settings.headerText, DEFAULT_LEAD_CAPTURE_TEXTS.headerText),
    descriptionText: orDefault(settings.descriptionText, DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText),
    confirmationCheckboxText: orDefault(
      settings.confirmationCheckboxText,
      DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
    ),
    privacyPolicyUrl: safeLinkUrl(settings.privacyPolicyUrl),
    ...(settings.fields && {
      fields: settings.fields.map(({ serviceField, htmlFormField, ...field }) => field),
    }),
  };
}

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
