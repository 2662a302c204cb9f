import type { VisitorEvent } from '@quizbeam/contracts/visitorEvents';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBatcher } from './eventBatcher';

describe('createEventBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the events of a moment together', () => {
    const sent: VisitorEvent[][] = [];
    const batcher = createEventBatcher((events) => sent.push(events), 1000);
    batcher.add({ type: 'visit' });
    batcher.add({ type: 'start' });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([[{ type: 'visit' }, { type: 'start' }]]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when flushed, and never more than 50 events per request', () => {
    const sent: VisitorEvent[][] = [];
    const batcher = createEventBatcher((events) => sent.push(events));
    for (let answerId = 1; answerId <= 120; answerId++)
      batcher.add({ type: 'answer', questionId: 1, answerId });
    expect(sent.map((events) => events.length)).toEqual([50, 50]);
    batcher.flush();
    expect(sent.map((events) => events.length)).toEqual([50, 50, 20]);
    batcher.flush();
    vi.runAllTimers();
    expect(sent).toHaveLength(3);
  });
});
