import type { Quiz } from '@quizbeam/contracts/quiz';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { createQuizStore, type QuizStore } from '../store/quizStore';
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_MAX_WAIT_MS,
  AUTOSAVE_RETRY_MS,
  AutosaveController,
} from './autosaveController';
import { keepDraft, readDraft } from './localDraft';

const QUIZ_ID = '0b5a7c1e-8a0f-4f44-9f0a-6f2b8e3c9d10';

function questionIds(quiz: Quiz): [number, number] {
  const [first, second] = quiz.questions;
  if (!first || !second) throw new Error('two questions expected');
  return [first.id, second.id];
}

function twoQuestionQuiz(): Quiz {
  const first = addQuestion(newQuiz({ id: QUIZ_ID, name: 'Coffee', type: 'general' })).quiz;
  return { ...addQuestion(first).quiz, revision: 3 };
}

/** The server as autosave sees it: one stored quiz, saves over its revision, a 409 when stale. */
function fakeServer(initial: Quiz) {
  let stored = initial;
  const saves: Quiz[] = [];
  let offline = false;
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    get stored() {
      return stored;
    },
    saves,
    get maxInFlight() {
      return maxInFlight;
    },
    setOffline(value: boolean) {
      offline = value;
    },
    /** Another tab's save. */
    saveElsewhere(change: (quiz: Quiz) => Quiz) {
      stored = { ...change(stored), revision: stored.revision + 1 };
    },
    deps: {
      isOnline: () => !offline,
      load: async () => stored,
      save: async (quiz: Quiz) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await Promise.resolve();
        inFlight -= 1;
        if (offline) throw new ApiError(0, undefined, 'The server could not be reached.');
        if (quiz.revision !== stored.revision) {
          throw new ApiError(409, 'conflict', 'This quiz was saved after you opened it.', {
            error: 'This quiz was saved after you opened it.',
            code: 'conflict',
            revision: stored.revision,
            savedBy: 'ana@example.com',
            savedAt: new Date().toISOString(),
          });
        }
        saves.push(quiz);
        stored = { ...quiz, revision: quiz.revision + 1 };
        return stored;
      },
    },
  };
}

const rename = (store: QuizStore, name: string) =>
  store.dispatch((quiz) => updateQuiz(quiz, { name }), { coalesceKey: 'name' });

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('saves once a moment after typing stops, not per keystroke', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    for (const name of ['C', 'Co', 'Cof', 'Coff', 'Coffee finder']) {
      rename(store, name);
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(autosave.getStatus().state).toBe('pending');
    expect(server.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(server.saves.map((quiz) => quiz.name)).toEqual(['Coffee finder']);
    expect(autosave.getStatus().state).toBe('saved');
    expect(store.hasUnsavedChanges()).toBe(false);
    autosave.stop();
  });

  it('still saves during continuous typing, one save at a time', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    for (let elapsed = 0; elapsed <= AUTOSAVE_MAX_WAIT_MS * 2; elapsed += 250) {
      rename(store, `Coffee ${elapsed}`);
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(server.saves.length).toBeGreaterThanOrEqual(2);
    expect(server.saves.length).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBe(1);
    autosave.stop();
  });

  it('keeps edits on this device while offline and saves them when back', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    server.setOffline(true);
    rename(store, 'Offline name');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    expect(autosave.getStatus().state).toBe('offline');
    expect(readDraft(QUIZ_ID)?.current.name).toBe('Offline name');
    server.setOffline(false);
    autosave.retryNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(server.stored.name).toBe('Offline name');
    expect(autosave.getStatus().state).toBe('saved');
    expect(readDraft(QUIZ_ID)).toBeNull();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS);
    expect(server.saves).toHaveLength(1);
    autosave.stop();
  });

  it('brings back edits kept on this device by an earlier visit, merged into newer saves', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const base = server.stored;
    const [first, second] = questionIds(base);
    keepDraft(QUIZ_ID, { base, current: updateQuestion(base, first, { text: 'Mine' }) });
    server.saveElsewhere((quiz) => updateQuestion(quiz, second, { text: 'Theirs' }));
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    expect(autosave.start().restoredDraft).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    expect(server.stored.questions.map((question) => question.text)).toEqual(['Mine', 'Theirs']);
    autosave.stop();
  });

  it('merges another tab’s save of other fields and asks only about the same field', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    const [first, second] = questionIds(server.stored);
    server.saveElsewhere((quiz) => updateQuestion(quiz, second, { text: 'Theirs' }));
    store.dispatch((quiz) => updateQuestion(quiz, first, { text: 'Mine' }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    expect(server.stored.questions.map((question) => question.text)).toEqual(['Mine', 'Theirs']);
    expect(store.getState().current.questions.map((question) => question.text)).toEqual(['Mine', 'Theirs']);

    server.saveElsewhere((quiz) => updateQuestion(quiz, first, { text: 'Theirs again' }));
    store.dispatch((quiz) => updateQuestion(quiz, first, { text: 'Mine again' }));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    const choice = autosave.getMergeConflict();
    expect(autosave.getStatus().state).toBe('conflict');
    expect(choice?.result.conflicts.map(({ mine, theirs }) => [mine, theirs])).toEqual([
      ['Mine again', 'Theirs again'],
    ]);
    choice?.resolve(['mine']);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.stored.questions[0]?.text).toBe('Mine again');
    expect(autosave.getStatus().state).toBe('saved');
    autosave.stop();
  });

  it('catches up with another tab’s save when nothing is being edited here', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    server.saveElsewhere((quiz) => updateQuiz(quiz, { name: 'Renamed elsewhere' }));
    await autosave.catchUp(server.stored.revision);
    expect(store.getState().current.name).toBe('Renamed elsewhere');
    expect(store.hasUnsavedChanges()).toBe(false);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    expect(server.saves).toHaveLength(0);
    autosave.stop();
  });

  it('does not save a quiz without a name, and says why', async () => {
    const server = fakeServer(twoQuestionQuiz());
    const store = createQuizStore(server.stored);
    const autosave = new AutosaveController(store, server.deps);
    autosave.start();
    rename(store, '  ');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
    expect(autosave.getStatus()).toEqual({ state: 'failed', message: 'Please enter a quiz name.' });
    expect(server.saves).toHaveLength(0);
    autosave.stop();
  });
});
