import type { Answer, FlowRule, Question, Quiz } from '@quizbeam/contracts/quiz';
import { sortByRank } from './ranks';

export type Step = { kind: 'question'; questionId: number } | { kind: 'end' };

/** Question order by rank, with each question's position, for resolving many steps quickly. */
export type FlowIndex = { order: number[]; position: Map<number, number> };

export function flowIndex(quiz: Quiz): FlowIndex {
  const order = sortByRank(quiz.questions).map((question) => question.id);
  return { order, position: new Map(order.map((id, index) => [id, index])) };
}

/** The question with the lowest rank, or null when the quiz has none. */
export function firstQuestionId(quiz: Quiz): number | null {
  return flowIndex(quiz).order[0] ?? null;
}

const END: Step = { kind: 'end' };

/**
 * Where a question's answer leads. The answer's rule decides; follow_question (or no answer) uses the
 * question's rule. next_in_list is the next question by rank, or the end after the last one;
 * specific_question goes to its target, or ends when the target no longer exists; end_quiz ends. A
 * question rule saying follow_question (not meaningful) counts as next_in_list.
 */
export function resolveNext(index: FlowIndex, question: Question, answer: Pick<Answer, 'next'> | null): Step {
  const rule: FlowRule = answer && answer.next.behaviour !== 'follow_question' ? answer.next : question.next;
  switch (rule.behaviour) {
    case 'end_quiz':
      return END;
    case 'specific_question':
      return rule.target !== null && index.position.has(rule.target)
        ? { kind: 'question', questionId: rule.target }
        : END;
    default: {
      const position = index.position.get(question.id);
      const nextId = position === undefined ? undefined : index.order[position + 1];
      return nextId === undefined ? END : { kind: 'question', questionId: nextId };
    }
  }
}

/**
 * The step after answering `answerId` on `questionId` (see `resolveNext`). A path never answers the same
 * question twice: when `answeredQuestionIds` is given and the step leads back to one of them, the quiz ends.
 * An unknown question ends the quiz; an unknown answer follows the question's rule.
 */
export function nextStep(
  quiz: Quiz,
  questionId: number,
  answerId: number,
  answeredQuestionIds: Iterable<number> = [],
): Step {
  const question = quiz.questions.find((candidate) => candidate.id === questionId);
  if (!question) return END;
  const answer = question.answers.find((candidate) => candidate.id === answerId) ?? null;
  const step = resolveNext(flowIndex(quiz), question, answer);
  if (step.kind === 'question' && new Set(answeredQuestionIds).has(step.questionId)) return END;
  return step;
}

/**
 * The questions a respondent is shown when picking `answerIds` in order: the first question, then each
 * step. It stops at the end of the quiz, at a revisit (a path never answers a question twice), or at an
 * answer that does not belong to the question being shown; the last id is the question awaiting an answer
 * unless the quiz ended.
 */
export function pathQuestionIds(quiz: Quiz, answerIds: number[]): number[] {
  const index = flowIndex(quiz);
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const path: number[] = [];
  const visited = new Set<number>();
  let current = index.order[0];
  for (let step = 0; current !== undefined; step++) {
    const question = byId.get(current);
    if (!question) break;
    path.push(current);
    visited.add(current);
    const answerId = answerIds[step];
    const answer = question.answers.find((candidate) => candidate.id === answerId);
    if (!answer) break;
    const next = resolveNext(index, question, answer);
    current = next.kind === 'question' && !visited.has(next.questionId) ? next.questionId : undefined;
  }
  return path;
}
