import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { everyTypeQuiz } from '../testing/everyTypeQuiz';
import {
  isPaneReadyMessage,
  PANE_READY_MESSAGE,
  PANE_SHOW_MESSAGE,
  paneConfigOf,
  paneShowMessageOf,
} from './paneMessages';

const { quiz, q } = buildQuiz({
  questions: [{ answers: [{}, {}] }, { answers: [{}] }],
  outcomes: [{ from: 0, to: 5 }],
});
const withFields: Quiz = {
  ...quiz,
  leadCaptureSettings: {
    ...quiz.leadCaptureSettings,
    enabled: true,
    fields: [{ id: 'f1', kind: 'choice', label: 'Team', key: 'team', required: false, choices: ['1', '2'] }],
    placement: { at: 'after_question', questionId: q[0] ?? 0 },
  },
};
const show = (fields: Record<string, unknown>) => ({
  type: PANE_SHOW_MESSAGE,
  quiz,
  screen: { kind: 'first' },
  ...fields,
});

/** The quiz with one value replaced somewhere inside it (`path` of keys and indexes). */
function withValue(path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(withFields) as unknown as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = value;
  return copy;
}

describe('the live preview pane’s messages', () => {
  it('takes a show message with a quiz of every question type and each kind of screen', () => {
    const { quiz: everyType } = everyTypeQuiz();
    const screens = [
      { kind: 'first' },
      { kind: 'start' },
      { kind: 'capture' },
      { kind: 'question', questionId: q[1] },
      { kind: 'outcome', outcomeId: 7 },
    ];
    for (const screen of screens) {
      expect(paneShowMessageOf(show({ screen }))).toEqual({ type: PANE_SHOW_MESSAGE, quiz, screen });
    }
    expect(paneShowMessageOf(show({ quiz: everyType }))?.quiz).toBe(everyType);
    expect(paneShowMessageOf(show({ quiz: withFields }))?.quiz).toBe(withFields);
  });

  it('refuses anything else: other types, other screens, ids that are not positive whole numbers', () => {
    for (const data of [
      null,
      'quizbeam:live-preview-show',
      [],
      show({ type: 'quizbeam:something-else' }),
      show({ screen: { kind: 'analytics' } }),
      show({ screen: { kind: 'question', questionId: '3' } }),
      show({ screen: { kind: 'question', questionId: 0 } }),
      show({ screen: { kind: 'outcome', outcomeId: 1.5 } }),
      show({ screen: null }),
      show({ quiz: null }),
      show({ quiz: [] }),
    ]) {
      expect(paneShowMessageOf(data)).toBeNull();
    }
  });

  it('refuses a quiz whose values would go into the markup unescaped or are not what the screens read', () => {
    const injected = '1"><img src=x onerror=alert(1)>';
    for (const [path, value] of [
      [['questions', 0, 'id'], injected],
      [['questions', 0, 'answers', 1, 'id'], injected],
      [['questions', 0, 'type'], 'html'],
      [['questions', 0, 'text'], 42],
      [['questions', 0, 'number'], { min: '0', max: 10, step: 1, unit: '', display: 'field' }],
      [['questions', 0, 'number'], { min: 0, max: 10, step: 0, unit: '', display: 'field' }],
      [['questions', 0, 'selection'], { min: '<b>', max: null }],
      [
        ['questions', 0, 'image'],
        { url: 'https://example.com/a.png', variants: [{ width: '1" x', height: 1 }] },
      ],
      [['questions', 0, 'answers'], 'none'],
      [['outcomes', 0, 'scoreRange'], { from: 'zero', to: 5 }],
      [['outcomes', 0, 'descriptions'], [{}]],
      [['leadCaptureSettings', 'fields', 0, 'id'], 'x" onfocus="alert(1)'],
      [['leadCaptureSettings', 'fields', 0, 'kind'], 'password'],
      [['leadCaptureSettings', 'placement'], { at: 'after_question', questionId: 'first' }],
      [['leadCaptureSettings', 'enabled'], 'yes'],
      [['startPage'], true],
      [['type'], 'personality'],
    ] as const) {
      expect(paneShowMessageOf(show({ quiz: withValue([...path], value) })), path.join('.')).toBeNull();
    }
  });

  it('knows the pane’s ready message and reads the page’s configuration', () => {
    expect(isPaneReadyMessage({ type: PANE_READY_MESSAGE })).toBe(true);
    expect(isPaneReadyMessage({ type: PANE_SHOW_MESSAGE })).toBe(false);
    expect(isPaneReadyMessage('ready')).toBe(false);
    const config = { parentOrigin: 'https://app.example.com', pageUrl: 'https://q.example.com/preview' };
    expect(paneConfigOf(JSON.stringify(config))).toEqual(config);
    expect(paneConfigOf('{"parentOrigin":1,"pageUrl":""}')).toBeNull();
    expect(paneConfigOf('not json')).toBeNull();
  });
});
