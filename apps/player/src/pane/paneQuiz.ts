import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { safeImage, safeLinkUrl } from '../markup/safeUrl';
import { visitorLeadCaptureSettings } from '../markup/visitorLeadCapture';
import { sanitizeDescriptionInBrowser } from './sanitizeInBrowser';

/*
 * The quiz made safe for visitors, as the server's visitorQuiz makes it before a page carries it: links and
 * images http(s) only (mailto too for links), descriptions sanitized, empty capture texts replaced by the
 * defaults, integrations left out. The pane does it in the browser for each update it draws.
 */

/** Descriptions rarely change between two updates (one is being typed at most): each is sanitized once. */
const sanitized = new Map<string, string>();
const SANITIZED_KEPT = 2_000;

function sanitize(description: string): string {
  let clean = sanitized.get(description);
  if (clean === undefined) {
    if (sanitized.size >= SANITIZED_KEPT) sanitized.clear();
    clean = sanitizeDescriptionInBrowser(description);
    sanitized.set(description, clean);
  }
  return clean;
}

/**
 * The quiz as a visitor's screens and result are made from (the server's visitorQuiz, in the browser). The
 * page's own look (background, share image) is the server's to draw: the pane's page comes with it.
 */
export function paneVisitorQuiz(quiz: Quiz, texts: VisitorTexts): Quiz {
  return {
    ...quiz,
    redirect: safeLinkUrl(quiz.redirect),
    leadCaptureSettings: visitorLeadCaptureSettings(quiz.leadCaptureSettings, texts),
    description: sanitize(quiz.description),
    questions: quiz.questions.map((question) => ({
      ...question,
      description: sanitize(question.description ?? ''),
      image: safeImage(question.image),
      answers: question.answers.map((answer) => ({ ...answer, image: safeImage(answer.image) })),
    })),
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      redirect: safeLinkUrl(outcome.redirect),
      ctaUrl: safeLinkUrl(outcome.ctaUrl),
      image: safeImage(outcome.image),
      descriptions: outcome.descriptions.map(sanitize),
      leadCaptureSettings: {
        ...outcome.leadCaptureSettings,
        targetId: null,
        htmlFormSettings: null,
        privacyPolicyUrl: safeLinkUrl(outcome.leadCaptureSettings.privacyPolicyUrl),
      },
    })),
  };
}
