import type { Quiz } from '@quizbeam/contracts/quiz';

/**
 * The quiz with nothing that points into one account: no integration connection or list, no HTML form, no
 * webhooks, no publishing or domain. A template belongs to no account, and a quiz copied from a template or
 * from another account's share code must not send leads to the account it came from. Every other capture
 * setting (texts, toggles) stays.
 */
export function withoutAccountDestinations(quiz: Quiz): Quiz {
  return {
    ...quiz,
    publishedId: null,
    publishedHost: null,
    isPublished: false,
    domain: null,
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      targetServiceName: null,
      connectionId: null,
      targetId: null,
      htmlFormSettings: null,
      webhookIds: [],
    },
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      leadCaptureSettings: {
        ...outcome.leadCaptureSettings,
        targetId: null,
        htmlFormSettings: null,
        webhookIds: [],
      },
    })),
  };
}
