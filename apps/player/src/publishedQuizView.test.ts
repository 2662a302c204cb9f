import type { Quiz } from '@quizbeam/contracts/quiz';
import { chosenAnswerIds } from '@quizbeam/contracts/responses';
import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { firstQuestionId, nextStep } from '@quizbeam/quiz-engine/flow';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { scoredOutcome, totalPoints } from '@quizbeam/quiz-engine/scoring';
import { backJumpingQuiz, buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { questionAfterPath } from './flow/questionPath';
import { publishedQuizView } from './publishedQuizView';
import { captureViewOf } from './runtime/captureViewOf';

interface PathStep {
  answers: Answered[];
  /** What the engine says comes after these answers: a question id, or null for the end. */
  next: number | null;
}

/** Every prefix of every path through the quiz, walked with the engine's own nextStep. */
function everyPath(quiz: Quiz): PathStep[] {
  const steps: PathStep[] = [];
  const visit = (questionId: number | null, answers: Answered[]) => {
    steps.push({ answers, next: questionId });
    const question = quiz.questions.find((candidate) => candidate.id === questionId);
    if (!question) return;
    const answered = answers.map((step) => step.questionId);
    for (const answer of question.answers) {
      const step = nextStep(quiz, question.id, answer.id, [...answered, question.id]);
      visit(step.kind === 'question' ? step.questionId : null, [
        ...answers,
        { questionId: question.id, answerId: answer.id },
      ]);
    }
  };
  visit(firstQuestionId(quiz), []);
  return steps;
}

/** Segment by Outcome on, each outcome's form titled after it. */
function segmented(quiz: Quiz): Quiz {
  return {
    ...quiz,
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, usePerOutcomeSettings: true },
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      leadCaptureSettings: { ...outcome.leadCaptureSettings, headerText: `Form for ${outcome.name}` },
    })),
  };
}

describe('the quiz as the visitor’s page holds it', () => {
  it('leads every path where the engine’s flow leads it, jumps back and ends included', () => {
    const branching = buildQuiz({
      type: 'general',
      questions: [
        { answers: [{ to: 2 }, {}, { to: 'end' }] },
        { to: 0, answers: [{ to: 'follow' }, { to: 3 }] },
        { answers: [{ to: 1 }, { to: 'next' }] },
        { answers: [{ to: 0 }, {}] },
      ],
      outcomes: ['One'],
    }).quiz;
    for (const quiz of [branching, backJumpingQuiz(7, 3, 11), backJumpingQuiz(6, 2, 5)]) {
      const view = publishedQuizView(quiz, 0);
      expect(view.questions[0]?.id).toBe(firstQuestionId(quiz));
      const steps = everyPath(quiz);
      expect(steps.length).toBeGreaterThan(10);
      for (const { answers, next } of steps) expect(questionAfterPath(view, answers)).toBe(next);
    }
  });

  it('shows the capture form of the outcome the engine computes, on every path', () => {
    const general = buildQuiz({
      type: 'general',
      questions: [
        { answers: [{ outcome: 1 }, { outcome: 0 }, {}] },
        { answers: [{ outcome: 1, to: 'end' }, { outcome: 2 }] },
        { answers: [{ outcome: 0 }, { outcome: 2 }, { outcome: 1 }] },
      ],
      outcomes: ['Explorer', 'Relaxer', 'Reader'],
    }).quiz;
    const scored = buildQuiz({
      type: 'scored',
      questions: [
        { answers: [{ points: 3, to: 2 }, { points: 1 }, {}] },
        { answers: [{ points: 2 }, { points: 0 }] },
        { answers: [{ points: 5 }, { points: 1 }] },
      ],
      // The second interval is unfinished: no score leads to it; a score of 8 has no outcome.
      outcomes: [
        { from: 0, to: 2 },
        { from: 3, to: null },
        { from: 3, to: 7 },
      ],
    }).quiz;
    for (const quiz of [segmented(general), segmented(scored)]) {
      const view = publishedQuizView(quiz, 0);
      const capture = view.leadCapture;
      if (!capture) throw new Error('no capture form');
      const finished = everyPath(quiz).filter((step) => step.next === null);
      const titles = new Set<string>();
      for (const { answers } of finished) {
        const answerIds = answers.flatMap(chosenAnswerIds);
        const outcome =
          quiz.type === 'scored'
            ? scoredOutcome(quiz, totalPoints(quiz, answerIds))
            : mostAnsweredOutcome(quiz, answerIds);
        const expected = outcome ? `Form for ${outcome.name}` : capture.headerText;
        const shown = captureViewOf(view, capture, answers).headerText;
        expect([answerIds, shown]).toEqual([answerIds, expected]);
        titles.add(shown);
      }
      // The paths reach several outcomes' forms, and the scored one the quiz's own too.
      expect(titles.size).toBeGreaterThanOrEqual(quiz.type === 'scored' ? 3 : 2);
    }
  });

  it('gives the form its fields without where their values go, and where it appears', () => {
    const { quiz, q } = buildQuiz({
      questions: [{ answers: [{}, {}] }, { answers: [{}] }],
      outcomes: ['One'],
    });
    const withFields: Quiz = {
      ...quiz,
      leadCaptureSettings: {
        ...quiz.leadCaptureSettings,
        enabled: true,
        usePerOutcomeSettings: true,
        fields: [
          {
            id: 'f1',
            kind: 'phone',
            label: ' Phone ',
            key: 'phone',
            required: true,
            serviceField: 'PHONE',
          },
          {
            id: 'f2',
            kind: 'choice',
            label: 'Size',
            key: 'size',
            required: false,
            choices: ['S', 'L'],
            htmlFormField: 'size',
          },
        ],
        placement: { at: 'after_question', questionId: q[0] ?? 0 },
      },
    };
    const view = publishedQuizView(withFields, 0);
    expect(view.leadCapture?.fields).toEqual([
      { id: 'f1', kind: 'phone', label: 'Phone', required: true },
      { id: 'f2', kind: 'choice', label: 'Size', required: false, choices: ['S', 'L'] },
    ]);
    expect(view.leadCapture?.placement).toEqual({ at: 'after_question', questionId: q[0] });
    // The keys the marketer's scripts read the fields by, only for a page that runs such scripts.
    const forScripts = publishedQuizView(withFields, 0, { fieldKeys: true });
    expect(forScripts.leadCapture?.fields.map((field) => field.key)).toEqual(['phone', 'size']);
    // No outcome is known amid the questions: every visitor sees the quiz's texts.
    expect(view.leadCapture?.byOutcome).toBeNull();
    const gone = publishedQuizView(
      {
        ...quiz,
        leadCaptureSettings: {
          ...quiz.leadCaptureSettings,
          enabled: true,
          placement: { at: 'after_question', questionId: 999 },
        },
      },
      0,
    );
    expect(gone.leadCapture?.placement).toEqual({ at: 'before_results' });
    expect(gone.leadCapture?.fields).toEqual([]);
  });

  it('gives the page no points or outcome links when every visitor sees the same form', () => {
    const { quiz } = buildQuiz({
      type: 'scored',
      questions: [{ answers: [{ points: 3 }, { points: 1 }] }],
      outcomes: [{ from: 0, to: 5 }],
    });
    const view = publishedQuizView(
      { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true } },
      8,
    );
    expect(view.leadCapture).not.toHaveProperty('percentOf');
    expect(view.leadCapture?.byOutcome).toBeNull();
    expect(view.questions[0]?.answers.map((answer) => Object.keys(answer).sort())).toEqual([
      ['id', 'imageCaption', 'imageUrl', 'next', 'text'],
      ['id', 'imageCaption', 'imageUrl', 'next', 'text'],
    ]);
  });
});
