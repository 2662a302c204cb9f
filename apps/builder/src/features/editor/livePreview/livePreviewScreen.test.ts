import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { editorTabOf, paneScreenFor, paneScreenKey } from './livePreviewScreen';

const { quiz, q, o } = buildQuiz({
  type: 'general',
  questions: [{ answers: [{}] }, { answers: [{}] }],
  outcomes: ['First', 'Second'],
});

describe('what the live preview shows', () => {
  it('reads the tab from the editor’s path, for quizzes and templates, under a base path too', () => {
    expect(editorTabOf('/quizzes/7')).toBe('');
    expect(editorTabOf('/quizzes/7/')).toBe('');
    expect(editorTabOf('/quizzes/7/questions')).toBe('questions');
    expect(editorTabOf('/builder/quizzes/7/capture-form')).toBe('capture-form');
    expect(editorTabOf('/templates/t-1/start-page')).toBe('start-page');
  });

  it('shows the start page, the capture form, the selected question or outcome on their tabs', () => {
    expect(paneScreenFor('start-page', null, quiz)).toEqual({ kind: 'start' });
    expect(paneScreenFor('capture-form', null, quiz)).toEqual({ kind: 'capture' });
    expect(paneScreenFor('questions', { kind: 'question', rank: 2 }, quiz)).toEqual({
      kind: 'question',
      questionId: q[1],
    });
    expect(paneScreenFor('outcomes', { kind: 'outcome', rank: 1 }, quiz)).toEqual({
      kind: 'outcome',
      outcomeId: o[0],
    });
  });

  it('shows the first screen elsewhere, and when nothing (or nothing that exists) is selected', () => {
    for (const tab of ['', 'appearance', 'scripts', 'publish', 'leads', 'analytics']) {
      expect(paneScreenFor(tab, { kind: 'question', rank: 1 }, quiz)).toEqual({ kind: 'first' });
    }
    expect(paneScreenFor('questions', null, quiz)).toEqual({ kind: 'first' });
    expect(paneScreenFor('questions', { kind: 'question', rank: 9 }, quiz)).toEqual({ kind: 'first' });
    expect(paneScreenFor('questions', { kind: 'outcome', rank: 1 }, quiz)).toEqual({ kind: 'first' });
    expect(paneScreenFor('outcomes', { kind: 'question', rank: 1 }, quiz)).toEqual({ kind: 'first' });
  });

  it('tells screens apart by kind and item', () => {
    expect(paneScreenKey({ kind: 'question', questionId: 3 })).not.toBe(
      paneScreenKey({ kind: 'question', questionId: 4 }),
    );
    expect(paneScreenKey({ kind: 'outcome', outcomeId: 3 })).not.toBe(
      paneScreenKey({ kind: 'question', questionId: 3 }),
    );
    expect(paneScreenKey({ kind: 'start' })).toBe(paneScreenKey({ kind: 'start' }));
  });
});
