import type { FlowRule, Quiz } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';

export const NEXT_IN_LIST = 'next';
export const END_QUIZ = 'end';

/** Choices of the Next select: in list, each other question, or the end. */
export function nextOptions(quiz: Quiz, ownQuestionId: number): { value: string; label: string }[] {
  return [
    { value: NEXT_IN_LIST, label: 'Next Question In List' },
    ...quiz.questions
      .filter((question) => question.id !== ownQuestionId)
      .map((question) => ({
        value: String(question.id),
        label: `Question ${question.rank}: ${question.text.trim() || 'Untitled question'}`,
      })),
    { value: END_QUIZ, label: 'End Quiz Here' },
  ];
}

export function ruleToOption(rule: FlowRule): string {
  if (rule.behaviour === 'end_quiz') return END_QUIZ;
  if (rule.behaviour === 'specific_question' && rule.target !== null) return String(rule.target);
  return NEXT_IN_LIST;
}

/** "Next Question In List" is each rule's default: next_in_list for a question, follow the question for an answer. */
export function optionToRule(option: string, defaultBehaviour: FlowRule['defaultBehaviour']): FlowRule {
  if (option === END_QUIZ) return { defaultBehaviour, behaviour: 'end_quiz', target: END_QUIZ_TARGET };
  if (option === NEXT_IN_LIST) return { defaultBehaviour, behaviour: defaultBehaviour, target: null };
  return { defaultBehaviour, behaviour: 'specific_question', target: Number(option) };
}

export const pointsOptions = Array.from({ length: 11 }, (_, points) => ({
  value: String(points),
  label: points === 0 ? 'Incorrect +0' : `Correct +${points}`,
}));
