import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { quizWarnings } from './quizWarnings';
import { buildQuiz } from './testing/quizzes';

function numberQuiz(ranges: { from: number; to: number }[]): Quiz {
  const { quiz } = buildQuiz({ questions: [{}], outcomes: [{ from: 0, to: 10 }] });
  const [question] = quiz.questions as [Question];
  return {
    ...quiz,
    questions: [
      {
        ...question,
        type: 'number_input',
        number: { min: 0, max: 100, step: 1, unit: '', display: 'field' },
        ranges: ranges.map((range) => ({ ...range, points: 1, outcome: null, next: question.next })),
      },
    ],
  };
}

const kinds = (quiz: Quiz) => quizWarnings(quiz).map((warning) => warning.kind);

describe('value question warnings', () => {
  it('warns about values no range holds and about overlapping ranges', () => {
    expect(kinds(numberQuiz([{ from: 0, to: 100 }]))).not.toContain('range_gap');
    expect(
      kinds(
        numberQuiz([
          { from: 0, to: 40 },
          { from: 42, to: 100 },
        ]),
      ),
    ).toContain('range_gap');
    const overlap = quizWarnings(
      numberQuiz([
        { from: 0, to: 50 },
        { from: 50, to: 100 },
      ]),
    );
    expect(overlap.find((warning) => warning.kind === 'range_overlap')?.message).toBe(
      'Ranges 1 and 2 of question 1 both hold 50; range 1 applies there.',
    );
  });

  it('warns about an outcome shortcode naming no category', () => {
    const quiz = numberQuiz([{ from: 0, to: 100 }]);
    const named: Quiz = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({ ...outcome, descriptions: ['[[percent:Team]]'] })),
    };
    expect(quizWarnings(named).find((warning) => warning.kind === 'unknown_category')?.message).toBe(
      'Outcome 1 names a category this quiz doesn’t have: Team.',
    );
  });

  it('refuses reversed ranges and number bounds, naming the field', () => {
    const reversed = numberQuiz([{ from: 60, to: 40 }]);
    const issues = quizSchema.safeParse(reversed).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['questions.0.ranges.0.to', 'The range must not end before it starts.'],
    ]);
    const bounds = numberQuiz([]);
    const question = bounds.questions[0] as Question;
    const flipped = {
      ...bounds,
      questions: [{ ...question, number: { min: 5, max: 5, step: 1, unit: '', display: 'field' as const } }],
    };
    expect(quizSchema.safeParse(flipped).error?.issues[0]?.path.join('.')).toBe('questions.0.number.max');
  });
});
