import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { sampleQuiz } from '../../../test/quizzes';
import {
  applyChange,
  HISTORY_LIMIT,
  hasUnsavedChanges,
  markSaved,
  type QuizHistory,
  redo,
  startHistory,
  undo,
} from './quizHistory';

const rename = (name: string) => (quiz: Quiz) => ({ ...quiz, name });

describe('quiz history', () => {
  it('undoes and redoes changes, and a new change drops the redo list', () => {
    let history = startHistory(sampleQuiz({ name: 'A' }));
    history = applyChange(history, rename('B'));
    history = applyChange(history, rename('C'));
    history = undo(history);
    expect(history.current.name).toBe('B');
    history = undo(history);
    expect(history.current.name).toBe('A');
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.current.name).toBe('B');
    history = applyChange(history, rename('D'));
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
    expect(history.past.map((quiz) => quiz.name)).toEqual(['A', 'B']);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let history = startHistory(sampleQuiz({ name: 'start' }));
    for (let step = 1; step <= HISTORY_LIMIT + 5; step += 1)
      history = applyChange(history, rename(`${step}`));
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]?.name).toBe('5');
  });

  it('makes consecutive keystrokes on one field a single undo step', () => {
    let history = startHistory(sampleQuiz({ name: '', title: 'T' }));
    for (const name of ['D', 'Do', 'Dog']) history = applyChange(history, rename(name), 'name');
    history = applyChange(history, (quiz) => ({ ...quiz, title: 'Title' }), 'title');
    history = applyChange(history, rename('Dogs'), 'name');
    expect(history.past.map((quiz) => quiz.name)).toEqual(['', 'Dog', 'Dog']);
    history = undo(undo(history));
    expect(history.current.name).toBe('Dog');
    expect(history.current.title).toBe('T');
    history = undo(history);
    expect(history.current.name).toBe('');
  });

  it('ignores an action that changes nothing', () => {
    const history = startHistory(sampleQuiz());
    expect(applyChange(history, (quiz) => quiz)).toBe(history);
  });

  it('detects unsaved changes by content', () => {
    let history: QuizHistory = startHistory(sampleQuiz({ name: 'A' }));
    expect(hasUnsavedChanges(history)).toBe(false);
    history = applyChange(history, rename('AB'));
    expect(hasUnsavedChanges(history)).toBe(true);
    history = applyChange(history, rename('A'));
    expect(hasUnsavedChanges(history)).toBe(false);
    history = applyChange(history, rename('Saved'));
    const sent = history.current;
    const stored = { ...sent };
    history = markSaved(history, stored, sent);
    expect(history.current).toBe(stored);
    expect(hasUnsavedChanges(history)).toBe(false);
    history = undo(history);
    expect(hasUnsavedChanges(history)).toBe(true);
  });

  it('keeps edits made while a save was under way', () => {
    let history = startHistory(sampleQuiz({ name: 'A' }));
    history = applyChange(history, rename('B'));
    const sent = history.current;
    history = applyChange(history, rename('BC'));
    history = markSaved(history, { ...sent }, sent);
    expect(history.current.name).toBe('BC');
    expect(hasUnsavedChanges(history)).toBe(true);
  });
});
