import { describe, expect, it } from 'vitest';
import { quizWarnings } from './quizWarnings';
import { type AnswerSpec, buildQuiz, type QuestionSpec } from './testing/quizzes';

const kinds = (warnings: ReturnType<typeof quizWarnings>) =>
  warnings.map((warning) => [warning.kind, warning.id]);

describe('quizWarnings', () => {
  it('is quiet for a well-formed quiz', () => {
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ points: 0 }, { points: 2 }] }, { answers: [{ points: 0 }, { points: 1 }] }],
      outcomes: [
        { from: 0, to: 1 },
        { from: 2, to: 3 },
      ],
    });
    expect(quizWarnings(quiz)).toEqual([]);
  });

  it('reports questions no path reaches', () => {
    const { quiz, q } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{ to: 2 }] }, { answers: [{}] }, { answers: [{}] }],
    });
    expect(quizWarnings(quiz)).toEqual([
      {
        kind: 'unreachable_question',
        targetKind: 'question',
        id: q[1],
        message: 'Question 2 can’t be reached from the first question.',
      },
    ]);
  });

  it('reports general outcomes no reachable answer links', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      outcomes: ['A', 'B', 'C'],
      questions: [{ answers: [{ outcome: 0, to: 'end' }] }, { answers: [{ outcome: 1 }] }],
    });
    expect(kinds(quizWarnings(quiz))).toEqual([
      ['unreachable_question', expect.any(Number)],
      ['unreachable_outcome', o[1]],
      ['unreachable_outcome', o[2]],
    ]);
  });

  it('counts the first outcome as reachable when it is the fallback', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      outcomes: ['A', 'B'],
      questions: [{ answers: [{}, { outcome: 1 }] }],
    });
    expect(kinds(quizWarnings(quiz))).toEqual([]);
    const linked = buildQuiz({
      type: 'general',
      outcomes: ['A', 'B'],
      questions: [{ answers: [{ outcome: 1 }] }],
    });
    expect(kinds(quizWarnings(linked.quiz))).toEqual([['unreachable_outcome', linked.o[0]]]);
    expect(o).toHaveLength(2);
  });

  it('reports scored outcomes no achievable score reaches', () => {
    const { quiz, o } = buildQuiz({
      questions: [{ answers: [{ points: 0 }, { points: 10 }] }],
      outcomes: [
        { from: 0, to: 0 },
        { from: 1, to: 9 },
        { from: 10, to: 10 },
        { from: 11, to: 20 },
      ],
    });
    const warnings = quizWarnings(quiz);
    expect(kinds(warnings)).toEqual([
      ['unreachable_outcome', o[1]],
      ['unreachable_outcome', o[3]],
    ]);
    expect(warnings[0]?.message).toBe(
      'No visitor can score between 1 and 9, so Outcome 2 can never be shown (the highest possible score is 10).',
    );
    expect(warnings[1]?.message).toBe(
      'No visitor can score between 11 and 20, so Outcome 4 can never be shown (the highest possible score is 10).',
    );
  });

  it('says in plain words that a single score is out of reach, and when the highest score is an estimate', () => {
    const exact = buildQuiz({
      questions: [{ answers: [{ points: 0 }] }],
      outcomes: [
        { from: 0, to: 0 },
        { from: 3, to: 3 },
      ],
    });
    expect(quizWarnings(exact.quiz).map((warning) => warning.message)).toEqual([
      'No visitor can score exactly 3, so Outcome 2 can never be shown (the highest possible score is 0).',
    ]);
    const tangled = buildQuiz({
      questions: Array.from({ length: 150 }, (_, index) => ({
        answers: Array.from({ length: 6 }, (_, answer) => ({
          points: 10,
          to: (index * 37 + answer * 53 + 11) % 150,
        })),
      })),
      outcomes: [
        { from: 0, to: 2000 },
        { from: 2001, to: 2500 },
      ],
    });
    expect(
      quizWarnings(tangled.quiz).find((warning) => warning.kind === 'unreachable_outcome')?.message,
    ).toBe(
      'No visitor can score between 2,001 and 2,500, so Outcome 2 can never be shown (the highest possible score is at most 1,500).',
    );
  });

  it('reports overlapping intervals once per pair, on the later outcome', () => {
    const { quiz, o } = buildQuiz({
      questions: [{ answers: [0, 1, 2, 3, 4, 5].map((points) => ({ points })) }],
      outcomes: [
        { from: 0, to: 3 },
        { from: 3, to: 5 },
        { from: 2, to: 4 },
      ],
    });
    const warnings = quizWarnings(quiz);
    expect(kinds(warnings)).toEqual([
      ['score_overlap', o[1]],
      ['score_overlap', o[2]],
      ['score_overlap', o[2]],
    ]);
    expect(warnings[0]?.message).toBe(
      'Outcome 2 and Outcome 1 both cover a score of 3; visitors who score exactly 3 see Outcome 1.',
    );
    expect(warnings[1]?.message).toBe(
      'Outcome 3 and Outcome 1 both cover scores 2 to 3; visitors who score between 2 and 3 see Outcome 1.',
    );
  });

  it('reports gaps in coverage of the achievable scores', () => {
    const { quiz, o } = buildQuiz({
      questions: [{ answers: [0, 1, 2, 3, 4, 5, 6].map((points) => ({ points })) }],
      outcomes: [
        { from: 2, to: 3 },
        { from: 6, to: 6 },
      ],
    });
    const warnings = quizWarnings(quiz);
    expect(warnings).toEqual([
      {
        kind: 'score_gap',
        targetKind: 'outcome',
        id: o[0],
        message: 'No outcome covers scores 0 to 1, so visitors who score between 0 and 1 get no outcome.',
      },
      {
        kind: 'score_gap',
        targetKind: 'outcome',
        id: o[0],
        message: 'No outcome covers scores 4 to 5, so visitors who score between 4 and 5 get no outcome.',
      },
    ]);
  });

  it('ignores unreachable scores when looking for gaps', () => {
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ points: 0 }, { points: 10 }] }],
      outcomes: [
        { from: 0, to: 0 },
        { from: 10, to: 10 },
      ],
    });
    expect(quizWarnings(quiz)).toEqual([]);
  });

  it('skips score checks when no outcome has a complete interval', () => {
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ points: 3 }] }],
      outcomes: [{ from: null, to: null }],
    });
    expect(quizWarnings(quiz)).toEqual([]);
  });

  describe('max_score_estimated', () => {
    // 150 questions whose answers (10 points each) jump all over the flow: too tangled to work out exactly.
    const tangled: QuestionSpec[] = Array.from({ length: 150 }, (_, index) => ({
      answers: Array.from(
        { length: 6 },
        (_, answer): AnswerSpec => ({ points: 10, to: (index * 37 + answer * 53 + 11) % 150 }),
      ),
    }));

    it('comes first, on the quiz, when the maximum score is only an upper bound', () => {
      const { quiz } = buildQuiz({ questions: tangled, outcomes: [{ from: 0, to: 2000 }] });
      const warnings = quizWarnings(quiz);
      expect(warnings[0]).toEqual({
        kind: 'max_score_estimated',
        targetKind: 'quiz',
        id: 0,
        message:
          'The most points a visitor can collect can’t be worked out exactly for this flow, because its answers jump back to earlier questions in too many ways. [[maxScore]] will show 1,500, which may be more than anyone can score.',
      });
      expect(warnings.filter((warning) => warning.kind === 'max_score_estimated')).toHaveLength(1);
    });

    it('also appears without complete score intervals, but not in a general quiz', () => {
      const scored = buildQuiz({ questions: tangled });
      const notRevisits = (warnings: ReturnType<typeof quizWarnings>) =>
        kinds(warnings.filter((warning) => warning.kind !== 'revisit_ends_quiz'));
      expect(notRevisits(quizWarnings(scored.quiz))).toEqual([['max_score_estimated', 0]]);
      const general = buildQuiz({ type: 'general', questions: tangled });
      expect(kinds(quizWarnings(general.quiz))).not.toContainEqual(['max_score_estimated', 0]);
    });

    it('does not appear when a flow with cycles is worked out exactly', () => {
      const { quiz } = buildQuiz({
        questions: [
          { answers: [{ points: 2 }, { points: 0, to: 2 }] },
          { answers: [{ points: 3, to: 'end' }] },
          {
            answers: [
              { points: 4, to: 1 },
              { points: 1, to: 0 },
            ],
          },
        ],
        outcomes: [{ from: 0, to: 10 }],
      });
      expect(kinds(quizWarnings(quiz)).filter(([kind]) => kind !== 'revisit_ends_quiz')).toEqual([]);
    });
  });

  describe('revisit_ends_quiz', () => {
    const neverTwice = 'the quiz ends there instead, since a visitor never answers a question twice.';

    it('says which answer goes back to an answered question, on its question', () => {
      const { quiz, q } = buildQuiz({
        questions: [
          { text: 'First?', answers: [{}] },
          { answers: [{}] },
          { answers: [{ text: 'Start over', to: 0 }, { text: 'Done' }] },
        ],
        outcomes: [{ from: 0, to: 0 }],
      });
      expect(quizWarnings(quiz)).toEqual([
        {
          kind: 'revisit_ends_quiz',
          targetKind: 'question',
          id: q[2],
          message: `Answer "Start over" of question 3 goes back to question 1; ${neverTwice}`,
        },
      ]);
      const image = {
        ...quiz,
        questions: quiz.questions.map((question) => ({ ...question, type: 'image_single_list' as const })),
      };
      expect(quizWarnings(image).map((warning) => warning.message)).toEqual([
        `Answer 1 of question 3 goes back to question 1; ${neverTwice}`,
      ]);
      const twins = buildQuiz({
        questions: [
          { answers: [{}] },
          {
            answers: [
              { text: 'Again', to: 0 },
              { text: 'Again', to: 0 },
            ],
          },
        ],
      });
      expect(quizWarnings(twins.quiz).map((warning) => warning.message)).toEqual([
        `Answer 1 of question 2 goes back to question 1; ${neverTwice}`,
        `Answer 2 of question 2 goes back to question 1; ${neverTwice}`,
      ]);
    });

    it('says when the question’s own rule goes back, by a jump or by the list order', () => {
      const jump = buildQuiz({
        questions: [{ answers: [{}] }, { to: 0, answers: [{}, { to: 'end' }] }],
        outcomes: [{ from: 0, to: 0 }],
      });
      expect(quizWarnings(jump.quiz)).toEqual([
        {
          kind: 'revisit_ends_quiz',
          targetKind: 'question',
          id: jump.q[1],
          message: `After question 2 the quiz goes back to question 1; ${neverTwice}`,
        },
      ]);
      // 1 jumps to 3, 3 back to 2, and 2 goes on in the list to 3, which every visitor has answered.
      const list = buildQuiz({
        questions: [{ to: 2, answers: [{}] }, { answers: [{}] }, { to: 1, answers: [{}] }],
        outcomes: [{ from: 0, to: 0 }],
      });
      expect(quizWarnings(list.quiz)).toEqual([
        {
          kind: 'revisit_ends_quiz',
          targetKind: 'question',
          id: list.q[1],
          message: `After question 2 comes question 3 in the list, which a visitor has already answered by then; ${neverTwice}`,
        },
      ]);
    });

    it('is quiet about a jump back to a question some visitors have not answered yet', () => {
      const { quiz } = buildQuiz({
        questions: [{ answers: [{ to: 2 }, {}] }, { answers: [{}] }, { answers: [{ to: 1 }, { to: 'end' }] }],
        outcomes: [{ from: 0, to: 0 }],
      });
      expect(quizWarnings(quiz)).toEqual([]);
    });
  });
});
