import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import type { VisitAnswer } from '@quizbeam/db/analyticsSchema';
import { type FlowIndex, firstQuestionId, flowIndex, resolveNext } from '@quizbeam/quiz-engine/flow';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { responseEffect } from '@quizbeam/quiz-engine/responses';
import { categoryMaxima } from '@quizbeam/quiz-engine/results';

/** A visit's answer to a question as the response the visitor sent. */
export function responseOf(questionId: number, answer: VisitAnswer): QuestionResponse {
  if (typeof answer === 'number') return { questionId, answerId: answer };
  if (Array.isArray(answer)) return { questionId, answerIds: answer };
  return 'value' in answer ? { questionId, value: answer.value } : { questionId, text: answer.text };
}

/** A published version prepared once for scoring many visits: its flow and each category's maximum. */
export interface ScoredVersion {
  quiz: Quiz;
  first: number | null;
  index: FlowIndex;
  questions: Map<number, Question>;
  maxima: Map<number, number>;
}

export function scoredVersion(quiz: Quiz): ScoredVersion {
  return {
    quiz,
    first: firstQuestionId(quiz),
    index: flowIndex(quiz),
    questions: new Map(quiz.questions.map((question) => [question.id, question])),
    maxima: categoryMaxima(quiz),
  };
}

/**
 * The category scores of a finished visit that left no lead (a lead stores its own): the visit keeps its
 * latest answer to every question it answered, including ones it went Back from and left behind, so the
 * path is walked again from the first question, each answer leading to the next, and only the answers on
 * it count, as they did for the visitor's result.
 */
export function visitCategoryScores(
  version: ScoredVersion,
  answers: Readonly<Record<string, VisitAnswer>>,
): CategoryScore[] {
  const categories = version.quiz.categories ?? [];
  if (version.quiz.type !== 'scored' || categories.length === 0) return [];
  const points = new Map<number, number>();
  const walked = new Set<number>();
  for (let current = version.first; current !== null && !walked.has(current); ) {
    walked.add(current);
    const question = version.questions.get(current);
    const answer = answers[String(current)];
    const effect =
      question && answer !== undefined ? responseEffect(question, responseOf(current, answer)) : null;
    if (!question || !effect) break;
    if (question.category != null)
      points.set(question.category, (points.get(question.category) ?? 0) + effect.points);
    const step = resolveNext(version.index, question, effect.rule ? { next: effect.rule } : null);
    current = step.kind === 'question' ? step.questionId : null;
  }
  return categories.map(({ id, name }) => {
    const score = points.get(id) ?? 0;
    const maxScore = version.maxima.get(id) ?? 0;
    return { id, name, score, maxScore, percent: percentOf(score, maxScore) };
  });
}
