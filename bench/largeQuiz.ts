import type { Quiz } from '@quizbeam/contracts/quiz';
import { defaultOutcomeLeadCaptureSettings } from '@quizbeam/quiz-engine/newQuiz';

/** A scored quiz of `questionCount` questions with `answersPerQuestion` answers and 5 outcomes. */
export function largeQuiz(base: Quiz, questionCount = 100, answersPerQuestion = 6): Quiz {
  let nextId = 1;
  const questions = Array.from({ length: questionCount }, (_, q) => ({
    id: nextId++,
    rank: q + 1,
    type: 'single_list' as const,
    image: null,
    text: `Question ${q + 1}: how often do you review your marketing funnel and its conversion rates?`,
    next: { defaultBehaviour: 'next_in_list' as const, behaviour: 'next_in_list' as const, target: null },
    answers: Array.from({ length: answersPerQuestion }, (_, a) => ({
      id: nextId++,
      text: `Answer ${a + 1} of question ${q + 1}`,
      image: null,
      imageCaption: '',
      points: a % 4,
      outcome: null,
      next: {
        defaultBehaviour: 'follow_question' as const,
        behaviour: 'follow_question' as const,
        target: null,
      },
    })),
  }));
  const outcomes = Array.from({ length: 5 }, (_, o) => ({
    id: nextId++,
    rank: o + 1,
    name: `Level ${o + 1}`,
    type: 'text' as const,
    redirect: '',
    descriptions: [`You scored [[score]] of [[maxScore]]: level ${o + 1}.`],
    image: null,
    enableSocialSharing: false,
    enableCta: false,
    ctaButtonText: '',
    ctaUrl: '',
    scoreRange: { from: o * 60, to: o * 60 + 59 },
    leadCaptureSettings: defaultOutcomeLeadCaptureSettings(),
  }));
  return { ...base, questions, outcomes, nextId };
}
