import { describe, expect, it } from 'vitest';
import { pathQuestionIds } from '../flow';
import { randomSource } from '../testing/quizzes';
import { A, branching, DAY, key, o, Q1, Q3, q, walk } from '../testing/walks';
import { figureKey, parseFigureKey, type RawVisitorEvent, totalFigures, visitFigures } from './visitFigures';

describe('visitFigures by UTM source and campaign', () => {
  const complete = { outcomeId: o[0] ?? null, score: 2 };
  const path = [A(0, 1), A(2, 0)];
  const figures = visitFigures([
    ...walk('newsletter-lead', {
      answers: path,
      capture: 'submitted',
      complete,
      utmSource: 'newsletter',
      utmCampaign: 'spring|sale',
    }),
    ...walk('newsletter', { answers: path, complete, utmSource: 'newsletter' }),
    ...walk('direct', { answers: path, capture: 'submitted', complete }),
  ]);

  it('attributes completions and leads to the visit event’s UTM, with none under the empty item', () => {
    expect(figures.get(key('source_completions', 'newsletter'))).toBe(2);
    expect(figures.get(key('source_leads', 'newsletter'))).toBe(1);
    expect(figures.get(key('source_completions', ''))).toBe(1);
    expect(figures.get(key('source_leads', ''))).toBe(1);
    expect(figures.get(key('campaign_completions', 'spring|sale'))).toBe(1);
    expect(figures.get(key('campaign_completions', ''))).toBe(2);
    expect(figures.get(key('campaign_leads', 'spring|sale'))).toBe(1);
  });

  it('keeps an item containing the separator whole when a key is parsed', () => {
    expect(parseFigureKey(key('campaign_leads', 'spring|sale'))).toEqual({
      day: DAY,
      version: 1,
      metric: 'campaign_leads',
      item: 'spring|sale',
    });
    expect(totalFigures(figures).get('campaign_leads|spring|sale')).toBe(1);
  });
});

describe('visitFigures across days and versions', () => {
  const beforeMidnight = Date.parse('2026-03-01T23:59:30Z');
  const nextDay = Date.parse('2026-03-02T12:00:00Z');
  const complete = { outcomeId: o[0] ?? null, score: 2 };
  const lateVisit = walk('late', {
    answers: [A(0, 1), A(2, 0)],
    complete,
    startAt: beforeMidnight,
    version: 1,
  });
  const republished = walk('republished', {
    answers: [A(0, 1), A(2, 0)],
    complete,
    startAt: nextDay,
    version: 2,
  });
  // Input order must not matter: the visit's first event in time decides its day and version.
  const figures = visitFigures([...lateVisit, ...republished].reverse());

  it('attributes every figure to the day and version of the visit’s first event', () => {
    expect(lateVisit.at(-1)?.at.toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(figures.get(figureKey('2026-03-01', 1, 'completions', ''))).toBe(1);
    expect(figures.get(figureKey('2026-03-02', 2, 'completions', ''))).toBe(1);
    expect(figures.has(figureKey('2026-03-02', 1, 'completions', ''))).toBe(false);
  });

  it('sums over a range of days and a version', () => {
    expect(totalFigures(figures).get('visitors|')).toBe(2);
    expect(totalFigures(figures, { from: '2026-03-02' }).get('visitors|')).toBe(1);
    expect(totalFigures(figures, { to: '2026-03-01' }).get(`reached|q:${Q3}`)).toBe(1);
    expect(totalFigures(figures, { version: 2 }).get('starts|')).toBe(1);
    expect(totalFigures(figures, { from: '2026-03-03' }).size).toBe(0);
  });
});

describe('visitFigures invariants on random walks', () => {
  it('never counts more answered or left than reached, and one left per unfinished visit', () => {
    const random = randomSource(15);
    const events: RawVisitorEvent[] = [];
    let unfinished = 0;
    for (let visit = 0; visit < 300; visit++) {
      const answers = [A(0, random(2)), A(1, random(2)), A(2, random(2))].slice(0, random(4));
      const finished = random(2) === 0 && pathQuestionIds(branching.quiz, answers).length === answers.length;
      if (!finished) unfinished++;
      events.push(
        ...walk(`v${visit}`, { answers, complete: finished ? { outcomeId: null, score: 0 } : undefined }),
      );
    }
    const totals = totalFigures(visitFigures(events));
    let left = 0;
    for (const questionId of q) {
      const reached = totals.get(`reached|q:${questionId}`) ?? 0;
      expect(totals.get(`answered|q:${questionId}`) ?? 0).toBeLessThanOrEqual(reached);
      expect(totals.get(`left|q:${questionId}`) ?? 0).toBeLessThanOrEqual(reached);
      left += totals.get(`left|q:${questionId}`) ?? 0;
    }
    expect(left).toBe(unfinished);
    expect(totals.get(`reached|q:${Q1}`)).toBe(300);
  });
});
