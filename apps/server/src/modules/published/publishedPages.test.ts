import { buildQuiz } from '@quizbeam/quiz-engine/testFixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishedPages } from './publishedPages';
import type { Snapshot, SnapshotStore } from './snapshotStore';

function snapshotStub(id: string, title: string): Snapshot {
  const { quiz } = buildQuiz({
    type: 'general',
    questions: [{ text: 'Q', answers: [{ to: 'end' }] }],
    outcomes: ['A'],
  });
  return {
    id,
    quizId: 'quiz-1',
    accountId: 'account-1',
    version: 1,
    host: 'quizzes.test',
    slug: 'abcd1234',
    quiz: { ...quiz, title },
    maxScore: 0,
    scripts: { onStartPage: '', onOptIn: '' },
    showPoweredByBadge: false,
  };
}

/** Another process's publishing, as the database shows it: which snapshot is live, if any. */
interface LiveState {
  snapshot: Snapshot | null;
  lookups: number;
  failing: boolean;
}

function storeWith(live: LiveState): SnapshotStore {
  const store: Pick<SnapshotStore, 'liveSnapshotId' | 'get'> = {
    async liveSnapshotId() {
      live.lookups += 1;
      if (live.failing) throw new Error('database unavailable');
      return live.snapshot?.id ?? null;
    },
    async get(id) {
      return live.snapshot?.id === id ? live.snapshot : null;
    },
  };
  return store as SnapshotStore;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('published pages in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps answering a page checked over 5 s ago while it checks it again, then shows the change', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = new PublishedPages(storeWith(live), 'http://quizzes.test', '/_q/player.js');
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBeNull();
    const first = await pages.page('quizzes.test', 'abcd1234');
    expect(first?.identity.toString()).toContain('First title');

    live.snapshot = snapshotStub('s2', 'Second title');
    vi.advanceTimersByTime(4_000);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBe(first);
    expect(live.lookups).toBe(1);
    vi.advanceTimersByTime(1_500);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBe(first);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    expect(live.lookups).toBe(2);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')?.identity.toString()).toContain('Second title');

    live.snapshot = null;
    vi.advanceTimersByTime(5_000);
    pages.cachedPage('quizzes.test', 'abcd1234');
    await settle();
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBeNull();
  });

  it('keeps the page and checks again only 5 s later when a check fails', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = new PublishedPages(storeWith(live), 'http://quizzes.test', '/_q/player.js');
    const first = await pages.page('quizzes.test', 'abcd1234');
    live.failing = true;
    vi.advanceTimersByTime(5_000);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    expect(live.lookups).toBe(2);
    vi.advanceTimersByTime(1_000);
    expect(pages.cachedPage('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    expect(live.lookups).toBe(2);
  });
});
