import { NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot } from '../../shared/snapshot';
import { PublishedPages } from './publishedPages';
import type { SnapshotStore } from './snapshotStore';

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
    tracking: NO_BROWSER_TRACKING,
    maxScore: 0,
    scripts: { onStartPage: '', onOptIn: '' },
    showPoweredByBadge: false,
  };
}

/** Another process's publishing, as the database shows it: which snapshot is live at abcd1234, if any. */
interface LiveState {
  snapshot: Snapshot | null;
  lookups: number;
  failing: boolean;
  /** Resolves the next look-up of the live snapshot only when called (to hold a look-up in flight). */
  hold?: Promise<void> | undefined;
  /** A snapshot that was live before (still in the database). */
  previous?: Snapshot;
  /** Whether the quiz's account is disabled, as the database says. */
  disabled?: boolean;
}

function storeWith(live: LiveState): SnapshotStore {
  const store: Pick<SnapshotStore, 'liveSnapshotId' | 'get' | 'accountDisabled'> = {
    async liveSnapshotId(_host, slug) {
      live.lookups += 1;
      const snapshot = live.snapshot;
      await live.hold;
      if (live.failing) throw new Error('database unavailable');
      return slug === 'abcd1234' ? (snapshot?.id ?? null) : null;
    },
    async get(id) {
      return [live.snapshot, live.previous].find((snapshot) => snapshot?.id === id) ?? null;
    },
    async accountDisabled() {
      return live.disabled ?? false;
    },
  };
  return store as SnapshotStore;
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const html = (page: Awaited<ReturnType<PublishedPages['page']>>) =>
  page?.kind === 'quiz' ? (page.bodies.get('en')?.identity.toString() ?? '') : '';
const pagesOf = (live: LiveState, errors: unknown[] = []) =>
  new PublishedPages(storeWith(live), 'http://quizzes.test', '/_q/player.js', (error) => errors.push(error));

describe('published pages in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps answering a page checked over 5 s ago while it checks it again, then shows the change', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = pagesOf(live);
    const first = await pages.page('quizzes.test', 'abcd1234');
    expect(html(first)).toContain('First title');
    expect(first?.kind === 'quiz' && first.bodies.get('en')?.br.length).toBeGreaterThan(0);

    live.snapshot = snapshotStub('s2', 'Second title');
    vi.advanceTimersByTime(4_000);
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    expect(live.lookups).toBe(1);
    vi.advanceTimersByTime(1_500);
    // Stale: still answered at once, without waiting, while one check runs in the background.
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    await vi.waitFor(() => expect(html(pages.page('quizzes.test', 'abcd1234') as never)).toContain('Second'));
    expect(live.lookups).toBe(2);

    live.snapshot = null;
    vi.advanceTimersByTime(5_000);
    pages.page('quizzes.test', 'abcd1234');
    await settle();
    expect(await pages.page('quizzes.test', 'abcd1234')).toBeNull();
  });

  it('keeps the page and checks again only 5 s later when a check fails', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const errors: unknown[] = [];
    const pages = pagesOf(live, errors);
    const first = await pages.page('quizzes.test', 'abcd1234');
    live.failing = true;
    vi.advanceTimersByTime(5_000);
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    expect(live.lookups).toBe(2);
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    await settle();
    expect(live.lookups).toBe(2);
  });

  it('never lets a flood of unknown paths push a live page out of memory', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = pagesOf(live);
    const first = await pages.page('quizzes.test', 'abcd1234');
    for (let index = 0; index < 12_000; index += 1) {
      expect(await pages.page('quizzes.test', `zz${String(index).padStart(6, '0')}`)).toBeNull();
    }
    const lookups = live.lookups;
    // Answered from memory, synchronously, with no new look-up and no new rendering.
    expect(pages.page('quizzes.test', 'abcd1234')).toBe(first);
    expect(live.lookups).toBe(lookups);
    // A miss is remembered for a few seconds: the same unknown path costs one look-up, not one per request.
    expect(pages.page('quizzes.test', 'zz011999')).toBeNull();
    expect(live.lookups).toBe(lookups);
  });

  it('does not keep what a look-up found when the page was invalidated meanwhile (Republish)', async () => {
    let release = () => {};
    const live: LiveState = {
      snapshot: snapshotStub('s1', 'First title'),
      lookups: 0,
      failing: false,
      hold: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    const pages = pagesOf(live);
    const inFlight = pages.page('quizzes.test', 'abcd1234');
    live.previous = live.snapshot ?? undefined;
    live.snapshot = snapshotStub('s2', 'Second title');
    pages.invalidate({ host: 'quizzes.test', slug: 'abcd1234' });
    live.hold = undefined;
    release();
    // The visitor who asked before the Republish gets the old page; nobody after them does.
    expect(html(await inFlight)).toContain('First title');
    expect(html(await pages.page('quizzes.test', 'abcd1234'))).toContain('Second title');
  });

  it('renders a page ahead of its first visitor when asked to warm it', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = pagesOf(live);
    pages.warm({ host: 'quizzes.test', slug: 'abcd1234' });
    await vi.waitFor(() => expect(pages.page('quizzes.test', 'abcd1234')).not.toBeInstanceOf(Promise));
    expect(html(pages.page('quizzes.test', 'abcd1234') as never)).toContain('First title');
  });

  it("answers the unavailable mark for a disabled account's page, and the quiz again once enabled", async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = pagesOf(live);
    expect(html(await pages.page('quizzes.test', 'abcd1234'))).toContain('First title');

    // Another process disabled it: the next check (5 s on) finds out, without a Republish.
    live.disabled = true;
    vi.advanceTimersByTime(5_000);
    pages.page('quizzes.test', 'abcd1234');
    await settle();
    await vi.waitFor(() =>
      expect(pages.page('quizzes.test', 'abcd1234')).toEqual({ kind: 'unavailable', quizId: 'quiz-1' }),
    );

    // This process enabled it: the page is dropped at once and rendered again.
    live.disabled = false;
    pages.invalidateAccount('account-1');
    expect(html(await pages.page('quizzes.test', 'abcd1234'))).toContain('First title');
    pages.invalidateAccount('another-account');
    expect(pages.page('quizzes.test', 'abcd1234')).not.toBeInstanceOf(Promise);
  });

  it('drops every page and remembered miss at once when changes may have been missed', async () => {
    const live: LiveState = { snapshot: snapshotStub('s1', 'First title'), lookups: 0, failing: false };
    const pages = pagesOf(live);
    expect(html(await pages.page('quizzes.test', 'abcd1234'))).toContain('First title');
    expect(await pages.page('quizzes.test', 'zzzz0000')).toBeNull();
    const lookups = live.lookups;

    live.snapshot = snapshotStub('s2', 'Second title');
    pages.invalidateAll();
    // No 5 s wait: both are looked up again on the next request.
    expect(pages.page('quizzes.test', 'zzzz0000')).toBeInstanceOf(Promise);
    expect(html(await pages.page('quizzes.test', 'abcd1234'))).toContain('Second title');
    expect(live.lookups).toBe(lookups + 2);
  });
});
