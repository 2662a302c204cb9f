import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorEvent, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishedQuizView } from '../publishedQuizView';
import { QUIZ_EVENT_TYPE } from './quizEvents';
import { scriptWindow, withQuizEvents } from './quizEventsVisitor';
import type { Visitor } from './visitor';

const {
  quiz: built,
  q,
  a,
} = buildQuiz({
  type: 'scored',
  questions: [{ answers: [{ points: 2 }, {}] }, { answers: [{}, {}] }],
  outcomes: [{ from: 0, to: 10 }],
});
const quiz: Quiz = {
  ...built,
  leadCaptureSettings: {
    ...built.leadCaptureSettings,
    enabled: true,
    fields: [{ id: 'f1', kind: 'text', label: 'Company size', key: 'company_size', required: false }],
  },
};
const view = publishedQuizView(quiz, 0, { fieldKeys: true });

const RESULT: VisitorResult = {
  outcomeId: 7,
  score: 2,
  maxScore: 4,
  percent: 50,
  categories: [{ id: 1, name: 'Reach', score: 2, maxScore: 4, percent: 50 }],
  showCategoryBars: true,
  descriptionIndex: 0,
  outcome: {
    type: 'text',
    title: 'Halfway',
    descriptionHtml: '',
    imageUrl: null,
    shareable: false,
    cta: null,
  },
};

let heard: Record<string, unknown>[];
const listener = (event: Event) => heard.push((event as CustomEvent).detail);
beforeEach(() => {
  heard = [];
  addEventListener(QUIZ_EVENT_TYPE, listener);
});
afterEach(() => {
  removeEventListener(QUIZ_EVENT_TYPE, listener);
  Reflect.deleteProperty(window, 'quizbeam');
});

function visitorWith(result: Promise<VisitorResult>) {
  const tracked: VisitorEvent[] = [];
  const inner: Visitor = {
    track: (event) => tracked.push(event),
    complete: vi.fn(() => result),
    submitLead: vi.fn(() => result),
  };
  return { tracked, inner, visitor: withQuizEvents(inner, view, 'lead.visit-1', { ref: 'partner7' }) };
}

describe('a published page’s quiz events', () => {
  it('tells the page of the view, the start and each answer with its question’s number and type, and still records them', () => {
    const { visitor, tracked } = visitorWith(Promise.resolve(RESULT));
    const events: VisitorEvent[] = [
      { type: 'visit', utmSource: 'fb' },
      { type: 'start' },
      { type: 'shown', questionId: q[1] ?? 0 },
      { type: 'answer', questionId: q[1] ?? 0, answerId: a[1]?.[0] ?? 0 },
      { type: 'capture' },
    ];
    for (const event of events) visitor.track(event);
    expect(tracked).toEqual(events);
    expect(heard).toEqual([
      { event: 'quiz_view' },
      { event: 'quiz_start' },
      { event: 'question_answered', questionNumber: 2, questionType: 'single_list' },
    ]);
  });

  it('on a lead: the lead event with the id its conversions share, then the result; the scripts’ data first', async () => {
    const { visitor } = visitorWith(Promise.resolve(RESULT));
    let dataWhenHeard: unknown;
    addEventListener(QUIZ_EVENT_TYPE, () => (dataWhenHeard ??= scriptWindow().quizbeam), { once: true });
    const lead = { email: 'ada@example.com', name: 'Ada', consent: true, fields: { f1: '11-50' } };
    await expect(visitor.submitLead([], lead)).resolves.toBe(RESULT);
    const scores = {
      score: 2,
      maxScore: 4,
      percent: 50,
      categoryScores: [{ id: 1, name: 'Reach', score: 2, maxScore: 4, percent: 50 }],
    };
    expect(heard).toEqual([
      { event: 'lead_submitted', eventId: 'lead.visit-1' },
      { event: 'quiz_complete', outcomeName: 'Halfway', ...scores },
    ]);
    // Nothing personal reaches the events.
    expect(JSON.stringify(heard)).not.toMatch(/ada|11-50/i);
    const scriptData = {
      lead: {
        email: 'ada@example.com',
        name: 'Ada',
        fields: { company_size: '11-50' },
        outcome: { id: 7, name: 'Halfway' },
        ...scores,
        urlFields: { ref: 'partner7' },
      },
    };
    expect(scriptWindow().quizbeam).toEqual(scriptData);
    expect(dataWhenHeard).toEqual(scriptData);
  });

  it('on a completion without a lead: the result, and the scripts’ data without email, name or fields', async () => {
    const { visitor } = visitorWith(Promise.resolve(RESULT));
    await visitor.complete([]);
    expect(heard.map((detail) => detail.event)).toEqual(['quiz_complete']);
    expect(scriptWindow().quizbeam?.lead).toEqual({
      outcome: { id: 7, name: 'Halfway' },
      score: 2,
      maxScore: 4,
      percent: 50,
      categoryScores: RESULT.categories,
      urlFields: { ref: 'partner7' },
    });
  });

  it('says nothing when the server refuses the lead', async () => {
    const { visitor } = visitorWith(Promise.reject(new Error('HTTP 400')));
    await expect(
      visitor.submitLead([], { email: 'x@example.com', name: null, consent: false }),
    ).rejects.toThrow();
    expect(heard).toEqual([]);
    expect(scriptWindow().quizbeam).toBeUndefined();
  });
});
