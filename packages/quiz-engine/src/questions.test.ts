import { quizSchema } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET, MAX_QUESTIONS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { newQuiz } from './newQuiz';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

describe('addQuestion', () => {
  it('appends an empty text question with the next id and rank', () => {
    const quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    const first = addQuestion(quiz);
    const second = addQuestion(first.quiz);
    expect(first.questionId).toBe(1);
    expect(second.questionId).toBe(2);
    expect(second.quiz.nextId).toBe(3);
    expect(second.quiz.questions[1]).toEqual({
      id: 2,
      rank: 2,
      type: 'single_list',
      image: null,
      text: '',
      answers: [],
      next: { defaultBehaviour: 'next_in_list', behaviour: 'next_in_list', target: null },
    });
    expect(quiz.questions).toEqual([]);
    expect(quiz.nextId).toBe(1);
    expect(() => quizSchema.parse(second.quiz)).not.toThrow();
  });

  it('refuses more than MAX_QUESTIONS questions', () => {
    let quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    for (let index = 0; index < MAX_QUESTIONS; index++) quiz = addQuestion(quiz).quiz;
    expect(() => addQuestion(quiz)).toThrow(/at most 500/);
  });
});

describe('removeQuestion', () => {
  it('removes the question and renumbers the rest', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}, {}] });
    const result = removeQuestion(quiz, q[0] ?? 0);
    expect(result.questions.map((question) => [question.id, question.rank])).toEqual([
      [q[1], 1],
      [q[2], 2],
    ]);
    expect(quiz.questions).toHaveLength(3);
  });

  it('resets every question and answer rule that jumped to it, and nothing else', () => {
    const { quiz, q } = buildQuiz({
      questions: [
        { to: 2, answers: [{ to: 2 }, { to: 1 }, { to: 'end' }] },
        { answers: [{ to: 2 }] },
        { answers: [{}] },
      ],
    });
    const result = removeQuestion(quiz, q[2] ?? 0);
    const [first, second] = result.questions;
    expect(first?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'next_in_list',
      target: null,
    });
    expect(first?.answers[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(first?.answers[1]?.next).toMatchObject({ behaviour: 'specific_question', target: q[1] });
    expect(first?.answers[2]?.next).toMatchObject({ behaviour: 'end_quiz', target: END_QUIZ_TARGET });
    expect(second?.answers[0]?.next.behaviour).toBe('follow_question');
  });

  it('returns the same quiz for an unknown id', () => {
    const { quiz } = buildQuiz({ questions: [{}] });
    expect(removeQuestion(quiz, 999)).toBe(quiz);
  });
});

describe('moveQuestion', () => {
  it('moves to the target index and renumbers', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}, {}] });
    const moved = moveQuestion(quiz, q[0] ?? 0, 2);
    expect(moved.questions.map((question) => question.id)).toEqual([q[1], q[2], q[0]]);
    expect(moved.questions.map((question) => question.rank)).toEqual([1, 2, 3]);
    expect(moveQuestion(quiz, 999, 0)).toBe(quiz);
  });
});

describe('updateQuestion', () => {
  it('patches text, image and type', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}] }] });
    const image = { id: 'i', accountId: 'a', filename: 'f.png', s3Key: 'k', url: 'u', width: 1, height: 1 };
    const updated = updateQuestion(quiz, q[0] ?? 0, { text: 'Why?', image, type: 'image_single_list' });
    expect(updated.questions[0]).toMatchObject({ text: 'Why?', image, type: 'image_single_list' });
    expect(updated.questions[0]?.answers).toEqual(quiz.questions[0]?.answers);
    expect(quiz.questions[0]?.text).toBe('Q1');
  });

  it('normalises the rule: targets, end id, no follow_question, no jump to a missing question', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}] });
    const id = q[0] ?? 0;
    const jump = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: q[1] ?? 0 },
    });
    expect(jump.questions[0]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'specific_question',
      target: q[1],
    });
    const end = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'end_quiz', target: null },
    });
    expect(end.questions[0]?.next.target).toBe(END_QUIZ_TARGET);
    const follow = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'follow_question', target: 3 },
    });
    expect(follow.questions[0]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'next_in_list',
      target: null,
    });
    const missing = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'specific_question', target: 999 },
    });
    expect(missing.questions[0]?.next.behaviour).toBe('next_in_list');
  });

  it('returns the same quiz for an unknown id', () => {
    const { quiz } = buildQuiz({ questions: [{}] });
    expect(updateQuestion(quiz, 999, { text: 'x' })).toBe(quiz);
  });
});
