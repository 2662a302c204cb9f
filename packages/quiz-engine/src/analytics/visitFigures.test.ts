import { describe, expect, it } from 'vitest';
import { A, key, o, Q1, Q2, Q3, START, walk } from '../testing/walks';
import { type RawVisitorEvent, totalFigures, visitFigures } from './visitFigures';

describe('visitFigures on a branching quiz', () => {
  const done = { outcomeId: o[0] ?? null, score: 2 };
  const events = [
    ...walk('path-a-done', { answers: [A(0, 0), A(1, 0), A(2, 0)], complete: done }),
    ...walk('path-b-done', { answers: [A(0, 1), A(2, 0)], complete: done }),
    ...walk('path-a-stopped-at-q3', { answers: [A(0, 0), A(1, 1)] }),
    ...walk('path-b-stopped-at-q3', { answers: [A(0, 1)] }),
    ...walk('path-a-stopped-at-q2', { answers: [A(0, 0)] }),
    ...walk('stopped-at-q1'),
    ...walk('never-started', { visitOnly: true }),
  ];
  const figures = visitFigures(events);

  it('counts visitors and starts once per visit', () => {
    expect(figures.get(key('visitors'))).toBe(7);
    expect(figures.get(key('starts'))).toBe(6);
    expect(figures.get(key('completions'))).toBe(2);
  });

  it('counts a question reachable by two paths for visits on either path, and left only where they stopped', () => {
    expect(figures.get(key('reached', `q:${Q3}`))).toBe(4);
    expect(figures.get(key('answered', `q:${Q3}`))).toBe(2);
    expect(figures.get(key('left', `q:${Q3}`))).toBe(2);
  });

  it('measures a question only one path shows against those who reached it, not all starts', () => {
    expect(figures.get(key('reached', `q:${Q2}`))).toBe(3);
    expect(figures.get(key('answered', `q:${Q2}`))).toBe(2);
    expect(figures.get(key('left', `q:${Q2}`))).toBe(1);
    expect(figures.get(key('reached', `q:${Q1}`))).toBe(6);
    expect(figures.get(key('left', `q:${Q1}`))).toBe(1);
  });

  it('counts answers per answer and leaves zeros out', () => {
    expect(figures.get(key('answer', String(A(0, 0))))).toBe(3);
    expect(figures.get(key('answer', String(A(0, 1))))).toBe(2);
    expect(figures.get(key('answer', String(A(1, 1))))).toBe(1);
    expect(figures.has(key('answer', String(A(2, 1))))).toBe(false);
    expect([...figures.values()].every((value) => value > 0)).toBe(true);
  });

  it('gives every started visit that saw a screen and did not complete exactly one left', () => {
    const totals = totalFigures(figures);
    const left = [...totals]
      .filter(([name]) => name.startsWith('left|'))
      .reduce((sum, [, value]) => sum + value, 0);
    expect(left).toBe(4);
  });
});

describe('visitFigures for a visitor who goes back', () => {
  const at = (second: number) => new Date(START + second * 1000);
  const event = (second: number, type: RawVisitorEvent['type'], fields: Partial<RawVisitorEvent> = {}) => ({
    visitId: 'went-back',
    snapshotId: 'snapshot',
    version: 1,
    at: at(second),
    type,
    ...fields,
  });
  const figures = visitFigures([
    event(0, 'visit'),
    event(1, 'start'),
    event(2, 'shown', { questionId: Q1 }),
    event(3, 'answer', { questionId: Q1, answerId: A(0, 0) }),
    event(4, 'shown', { questionId: Q2 }),
    event(5, 'shown', { questionId: Q1 }),
    event(6, 'answer', { questionId: Q1, answerId: A(0, 1) }),
    event(7, 'shown', { questionId: Q3 }),
  ]);

  it('counts a question shown twice as reached and answered once', () => {
    expect(figures.get(key('reached', `q:${Q1}`))).toBe(1);
    expect(figures.get(key('answered', `q:${Q1}`))).toBe(1);
    expect(figures.get(key('reached', `q:${Q2}`))).toBe(1);
  });

  it('moves the answer count to the latest choice', () => {
    expect(figures.has(key('answer', String(A(0, 0))))).toBe(false);
    expect(figures.get(key('answer', String(A(0, 1))))).toBe(1);
  });

  it('counts the visit as left on the last screen it was shown only', () => {
    expect(figures.get(key('left', `q:${Q3}`))).toBe(1);
    expect(figures.has(key('left', `q:${Q1}`))).toBe(false);
    expect(figures.has(key('left', `q:${Q2}`))).toBe(false);
  });
});

describe('visitFigures for answers of several choices, values and texts', () => {
  const event = (
    visitId: string,
    second: number,
    questionId: number,
    fields: Partial<RawVisitorEvent>,
  ): RawVisitorEvent => ({
    visitId,
    snapshotId: 'snapshot',
    version: 1,
    at: new Date(START + second * 1000),
    type: 'answer',
    questionId,
    ...fields,
  });
  const figures = visitFigures([
    event('chose-two', 0, Q1, { response: { answerIds: [A(0, 0), A(0, 1)] } }),
    // Back and a new choice: the latest choice counts, each of its answers once.
    event('changed-its-mind', 0, Q1, { response: { answerIds: [A(0, 0), A(0, 1)] } }),
    event('changed-its-mind', 1, Q1, { response: { answerIds: [A(0, 1)] } }),
    event('rated', 0, Q2, { response: { value: 4 } }),
    event('rated', 1, Q2, { response: { value: 2.5 } }),
    event('rated-too', 0, Q2, { response: { value: 2.5 } }),
    event('wrote', 0, Q3, { response: { text: 'Hello' } }),
    event('no-answer-at-all', 0, Q3, {}),
  ]);

  it('counts each chosen answer of the latest choice, and the question once per visit', () => {
    expect(figures.get(key('answered', `q:${Q1}`))).toBe(2);
    expect(figures.get(key('answer', String(A(0, 0))))).toBe(1);
    expect(figures.get(key('answer', String(A(0, 1))))).toBe(2);
  });

  it('counts values per question and value, and a text as answered only', () => {
    expect(figures.get(key('answered', `q:${Q2}`))).toBe(2);
    expect(figures.get(key('value', `${Q2}:2.5`))).toBe(2);
    expect(figures.has(key('value', `${Q2}:4`))).toBe(false);
    expect(figures.get(key('answered', `q:${Q3}`))).toBe(1);
    expect([...figures.keys()].filter((name) => name.includes('|value|')).length).toBe(1);
  });
});

describe('visitFigures for the capture form', () => {
  const path = [A(0, 1), A(2, 1)];
  const figures = visitFigures([
    ...walk('left-at-capture', { answers: path, capture: 'shown' }),
    ...walk('submitted', {
      answers: path,
      capture: 'submitted',
      complete: { outcomeId: o[1] ?? null, score: 7 },
    }),
  ]);

  it('counts the form shown, submitted and left', () => {
    expect(figures.get(key('reached', 'capture'))).toBe(2);
    expect(figures.get(key('answered', 'capture'))).toBe(1);
    expect(figures.get(key('left', 'capture'))).toBe(1);
    expect(figures.get(key('leads'))).toBe(1);
    expect(figures.has(key('left', `q:${Q3}`))).toBe(false);
  });
});

describe('visitFigures for completions', () => {
  const figures = visitFigures([
    ...walk('quick', {
      answers: [A(0, 1), A(2, 0)],
      complete: { outcomeId: o[0] ?? null, score: 2 },
      secondsPerStep: 0.5,
    }),
    ...walk('steady', {
      answers: [A(0, 1), A(2, 1)],
      complete: { outcomeId: o[1] ?? null, score: 7 },
      secondsPerStep: 15,
    }),
    ...walk('slow', {
      answers: [A(0, 1), A(2, 1)],
      complete: { outcomeId: null, score: 7 },
      secondsPerStep: 2000,
    }),
  ]);

  it('counts outcomes, with no outcome under the empty item', () => {
    expect(figures.get(key('outcome', String(o[0])))).toBe(1);
    expect(figures.get(key('outcome', String(o[1])))).toBe(1);
    expect(figures.get(key('outcome', ''))).toBe(1);
  });

  it('counts scores', () => {
    expect(figures.get(key('score', '2'))).toBe(1);
    expect(figures.get(key('score', '7'))).toBe(2);
  });

  it('buckets the time from start to completion', () => {
    // start → shown, answer, shown, answer → complete: five steps.
    expect(figures.get(key('duration', '0'))).toBe(1); // 2.5 s
    expect(figures.get(key('duration', '60'))).toBe(1); // 75 s
    expect(figures.get(key('duration', '7200'))).toBe(1); // 10,000 s
  });

  it('counts only the first completion and the first lead of a visit', () => {
    const repeated = walk('twice', {
      answers: [A(0, 1), A(2, 0)],
      capture: 'submitted',
      complete: { outcomeId: o[0] ?? null, score: 2 },
    });
    const last = repeated.at(-1);
    if (!last) throw new Error('walk recorded nothing');
    const later = (seconds: number) => new Date(last.at.getTime() + seconds * 1000);
    repeated.push({ ...last, type: 'lead', at: later(1) });
    repeated.push({ ...last, at: later(2), outcomeId: o[1] ?? null, score: 7 });
    const twice = visitFigures(repeated);
    expect(twice.get(key('completions'))).toBe(1);
    expect(twice.get(key('leads'))).toBe(1);
    expect(twice.get(key('answered', 'capture'))).toBe(1);
    expect(twice.get(key('outcome', String(o[0])))).toBe(1);
    expect(twice.has(key('outcome', String(o[1])))).toBe(false);
    expect(twice.has(key('score', '7'))).toBe(false);
  });
});
