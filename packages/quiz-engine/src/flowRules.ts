import type { FlowRule } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';

/** The rule's default: its `defaultBehaviour` with no target. */
export function resetRule(rule: FlowRule): FlowRule {
  return { defaultBehaviour: rule.defaultBehaviour, behaviour: rule.defaultBehaviour, target: null };
}

/**
 * A consistent rule: `defaultBehaviour` is the owner's (next_in_list for a question, follow_question for an
 * answer); a question rule never says follow_question (it becomes next_in_list); the target is the question
 * for specific_question, END_QUIZ_TARGET for end_quiz and null otherwise; a specific_question whose target
 * is not one of `questionIds` falls back to the default.
 */
export function normaliseRule(
  rule: FlowRule,
  defaultBehaviour: FlowRule['defaultBehaviour'],
  questionIds: ReadonlySet<number>,
): FlowRule {
  const behaviour =
    defaultBehaviour === 'next_in_list' && rule.behaviour === 'follow_question'
      ? 'next_in_list'
      : rule.behaviour;
  if (behaviour === 'specific_question') {
    if (rule.target === null || !questionIds.has(rule.target)) {
      return { defaultBehaviour, behaviour: defaultBehaviour, target: null };
    }
    return { defaultBehaviour, behaviour, target: rule.target };
  }
  return { defaultBehaviour, behaviour, target: behaviour === 'end_quiz' ? END_QUIZ_TARGET : null };
}
