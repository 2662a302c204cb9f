import type { LeadAnswer } from '@quizbeam/contracts/leads';
import type { QuizType } from '@quizbeam/contracts/quiz';
import type { DeliveredAnswer } from '@quizbeam/contracts/webhooks';
import { percentOf } from '@quizbeam/quiz-engine/percent';

/** A labelled response as the Leads view shows it: the chosen answers' labels as a list, whatever the type. */
export function leadAnswerOf(answer: DeliveredAnswer): LeadAnswer {
  const { questionId, question, type, display } = answer;
  if ('answerId' in answer) return { questionId, question, type, answers: [answer.answer], display };
  if ('answerIds' in answer) return { questionId, question, type, answers: answer.answers, display };
  if ('value' in answer) return { questionId, question, type, answers: [], value: answer.value, display };
  return { questionId, question, type, answers: [], text: answer.text, display };
}

/** A lead's score as a percentage of the most its version allowed, as its [[percent]] shortcode reads it. */
export const leadPercent = (type: QuizType, lead: { score: number; maxScore: number | null }): number =>
  type === 'scored' ? percentOf(lead.score, lead.maxScore ?? lead.score) : 0;
