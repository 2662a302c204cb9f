import type { FlowRule, Quiz, QuizType } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';
import { addAnswer } from '../answers';
import { nextStep } from '../flow';
import { newQuiz } from '../newQuiz';
import { addOutcome, updateOutcome } from '../outcomes';
import { addQuestion } from '../questions';

/** Test-only: where a rule leads. A number is a question index (specific_question). */
export type To = number | 'next' | 'end' | 'follow';

export type AnswerSpec = { points?: number; outcome?: number; to?: To; text?: string };
export type QuestionSpec = { text?: string; to?: To; answers?: AnswerSpec[] };
export type QuizSpec = {
  type?: QuizType;
  questions?: QuestionSpec[];
  /** One entry per outcome: a score interval (scored; the outcome is titled 'O{n}') or a name. */
  outcomes?: ({ from: number | null; to: number | null } | string)[];
};

export type Built = { quiz: Quiz; q: number[]; a: number[][]; o: number[] };

/**
 * Builds a quiz through the engine's own add functions, then sets the rules directly (so tests can also
 * make rules the update functions would refuse). Question text and answer text default to 'Q{n}' / 'A{n}', and
 * a scored outcome's title to 'O{n}', so that a spec without gaps builds a publishable quiz.
 */
export function buildQuiz(spec: QuizSpec): Built {
  let quiz = newQuiz({ id: 'quiz-1', name: 'Test quiz', type: spec.type ?? 'scored' });
  const o: number[] = [];
  for (const [index, outcomeSpec] of (spec.outcomes ?? []).entries()) {
    const added = addOutcome(quiz);
    o.push(added.outcomeId);
    quiz =
      typeof outcomeSpec === 'string'
        ? updateOutcome(added.quiz, added.outcomeId, { name: outcomeSpec })
        : updateOutcome(added.quiz, added.outcomeId, { name: `O${index + 1}`, scoreRange: outcomeSpec });
  }
  const q: number[] = [];
  const a: number[][] = [];
  for (const questionSpec of spec.questions ?? []) {
    const added = addQuestion(quiz);
    quiz = added.quiz;
    q.push(added.questionId);
    const answerIds: number[] = [];
    for (const _ of questionSpec.answers ?? []) {
      const answer = addAnswer(quiz, added.questionId);
      quiz = answer.quiz;
      answerIds.push(answer.answerId);
    }
    a.push(answerIds);
  }
  const rule = (to: To | undefined, owner: 'question' | 'answer'): FlowRule => {
    const defaultBehaviour = owner === 'question' ? 'next_in_list' : 'follow_question';
    if (to === undefined) return { defaultBehaviour, behaviour: defaultBehaviour, target: null };
    if (to === 'next') return { defaultBehaviour, behaviour: 'next_in_list', target: null };
    if (to === 'follow') return { defaultBehaviour, behaviour: 'follow_question', target: null };
    if (to === 'end') return { defaultBehaviour, behaviour: 'end_quiz', target: END_QUIZ_TARGET };
    return { defaultBehaviour, behaviour: 'specific_question', target: q[to] ?? 10_000 + to };
  };
  quiz = {
    ...quiz,
    questions: quiz.questions.map((question, index) => {
      const questionSpec = spec.questions?.[index] ?? {};
      return {
        ...question,
        text: questionSpec.text ?? `Q${index + 1}`,
        next: rule(questionSpec.to, 'question'),
        answers: question.answers.map((answer, answerIndex) => {
          const answerSpec = questionSpec.answers?.[answerIndex] ?? {};
          return {
            ...answer,
            text: answerSpec.text ?? `A${answerIndex + 1}`,
            points: answerSpec.points ?? 0,
            outcome: answerSpec.outcome === undefined ? null : (o[answerSpec.outcome] ?? null),
            next: rule(answerSpec.to, 'answer'),
          };
        }),
      };
    }),
  };
  return { quiz, q, a, o };
}

/** Test-only: every total a complete path can collect, by enumerating all paths with `nextStep`. */
export function bruteForceScores(quiz: Quiz): Set<number> {
  const scores = new Set<number>();
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const first = [...quiz.questions].sort((x, y) => x.rank - y.rank)[0];
  if (!first) return new Set([0]);
  const visit = (questionId: number, visited: number[], total: number) => {
    const question = byId.get(questionId);
    if (!question) return;
    const choices = question.answers.length === 0 ? [{ id: -1, points: 0 }] : question.answers;
    for (const answer of choices) {
      const step = nextStep(quiz, questionId, answer.id, visited);
      if (step.kind === 'end') scores.add(total + answer.points);
      else visit(step.questionId, [...visited, step.questionId], total + answer.points);
    }
  };
  visit(first.id, [first.id], 0);
  return scores;
}

/** Pseudo-random whole numbers below `bound`, the same for the same seed. */
export function randomSource(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return Math.floor((state / 2 ** 32) * bound);
  };
}

/**
 * Every answer of question i jumps to a pseudo-random earlier question or goes on to the next: the shape
 * that makes an exact score analysis explode.
 */
export function backJumpingQuiz(questionCount: number, answerCount: number, seed: number): Quiz {
  const random = randomSource(seed);
  const questions = Array.from(
    { length: questionCount },
    (_, index): QuestionSpec => ({
      answers: Array.from(
        { length: answerCount },
        (): AnswerSpec => ({
          points: random(11),
          to: index > 0 && random(2) === 0 ? random(index) : 'next',
        }),
      ),
    }),
  );
  return buildQuiz({ type: 'scored', questions }).quiz;
}

/** Every child id in the quiz (questions, their answers, outcomes), in document order. */
export function childIds(quiz: Quiz): number[] {
  return [
    ...quiz.questions.flatMap((question) => [question.id, ...question.answers.map((answer) => answer.id)]),
    ...quiz.outcomes.map((outcome) => outcome.id),
  ];
}
