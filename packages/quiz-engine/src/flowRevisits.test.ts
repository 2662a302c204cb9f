import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { nextStep } from './flow';
import { revisitsThatEndTheQuiz } from './flowRevisits';
import { type AnswerSpec, buildQuiz, type QuestionSpec, randomSource, type To } from './testing/quizzes';

/** A rule's key: the answer whose own rule it is, or `q{id}` for a question's rule. */
type RuleKey = number | `q${number}`;

/**
 * Test-only: the rules that, on every visitor path reaching their question, lead to a question already
 * answered, found by walking every path with `nextStep`.
 */
function bruteForceRevisits(quiz: Quiz): Set<RuleKey> {
  const alwaysAnswered = new Map<RuleKey, boolean>();
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const first = [...quiz.questions].sort((x, y) => x.rank - y.rank)[0];
  const visit = (questionId: number, answered: number[]) => {
    const question = byId.get(questionId);
    if (!question) return;
    const choices = question.answers.length === 0 ? [null] : question.answers;
    for (const answer of choices) {
      const key: RuleKey =
        answer && answer.next.behaviour !== 'follow_question' ? answer.id : `q${question.id}`;
      const step = nextStep(quiz, questionId, answer?.id ?? -1);
      if (step.kind === 'end') continue;
      const revisit = answered.includes(step.questionId);
      alwaysAnswered.set(key, (alwaysAnswered.get(key) ?? true) && revisit);
      if (!revisit) visit(step.questionId, [...answered, step.questionId]);
    }
  };
  if (first) visit(first.id, [first.id]);
  return new Set([...alwaysAnswered].filter(([, always]) => always).map(([key]) => key));
}

const keysOf = (quiz: Quiz): Set<RuleKey> =>
  new Set(
    revisitsThatEndTheQuiz(quiz).map(({ question, answer }): RuleKey => answer?.id ?? `q${question.id}`),
  );

function randomQuiz(seed: number): Quiz {
  const random = randomSource(seed);
  const questionCount = 2 + random(6);
  const rule = (kinds: To[]): To => {
    const kind = kinds[random(kinds.length)];
    return kind === 'next' && random(2) === 0 ? random(questionCount) : (kind ?? 'next');
  };
  const questions = Array.from(
    { length: questionCount },
    (): QuestionSpec => ({
      to: rule(['next', 'next', 'end']),
      answers: Array.from({ length: random(4) }, (): AnswerSpec => ({ to: rule(['follow', 'next', 'end']) })),
    }),
  );
  return buildQuiz({ type: 'general', questions }).quiz;
}

describe('revisitsThatEndTheQuiz', () => {
  it('finds exactly the rules that lead to an answered question on every path, in random flows', () => {
    const found: RuleKey[] = [];
    for (let seed = 1; seed <= 400; seed++) {
      const quiz = randomQuiz(seed);
      const expected = bruteForceRevisits(quiz);
      found.push(...expected);
      expect(keysOf(quiz), `seed ${seed}`).toEqual(expected);
    }
    // Enough of both kinds of rule turn up for the comparison to mean something.
    expect(found.filter((key) => typeof key === 'number').length).toBeGreaterThan(30);
    expect(found.filter((key) => typeof key === 'string').length).toBeGreaterThan(30);
  });

  it('leaves alone a jump back that some visitors have not answered yet', () => {
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ to: 2 }, {}] }, { answers: [{}] }, { answers: [{ to: 1 }, { to: 'end' }] }],
    });
    expect(revisitsThatEndTheQuiz(quiz)).toEqual([]);
  });

  it('reports the question’s rule only when an answer follows it, and ignores unreachable questions', () => {
    const followed = buildQuiz({ questions: [{ answers: [{}] }, { to: 0, answers: [{ to: 'end' }, {}] }] });
    expect(keysOf(followed.quiz)).toEqual(new Set([`q${followed.q[1]}`]));
    const overridden = buildQuiz({ questions: [{ answers: [{}] }, { to: 0, answers: [{ to: 'end' }] }] });
    expect(revisitsThatEndTheQuiz(overridden.quiz)).toEqual([]);
    const unreachable = buildQuiz({ questions: [{ to: 'end', answers: [{}] }, { answers: [{ to: 0 }] }] });
    expect(revisitsThatEndTheQuiz(unreachable.quiz)).toEqual([]);
  });
});
