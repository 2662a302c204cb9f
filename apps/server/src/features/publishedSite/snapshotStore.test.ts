import type { Database } from '@quizbeam/db/database';
import { describe, expect, it } from 'vitest';
import { SnapshotStore } from './snapshotStore';

/** A database whose every select answers the rows handed to `answer`, one query at a time. */
function heldDatabase() {
  const waiting: ((rows: unknown[]) => void)[] = [];
  const query = () => new Promise<unknown[]>((resolve) => waiting.push(resolve));
  const db = { select: () => ({ from: () => ({ where: query }) }) } as unknown as Database;
  return {
    db,
    queries: () => waiting.length,
    answer(rows: unknown[]) {
      const next = waiting.shift();
      if (!next) throw new Error('no query is waiting');
      next(rows);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('snapshot and account statuses in memory', () => {
  it('answers a look-up under way when its status is forgotten meanwhile, and keeps nothing of it', async () => {
    const database = heldDatabase();
    const store = new SnapshotStore(database.db);
    const asked = store.accountDisabled('a1');
    await settle();
    store.forgetAccountStatus('a1');
    database.answer([{ disabledAt: null }]);
    // Whoever asked before gets what was found (lru-cache would otherwise reject it as aborted)…
    await expect(asked).resolves.toBe(false);
    // …and whoever asks after gets a fresh look-up.
    const again = store.accountDisabled('a1');
    await settle();
    expect(database.queries()).toBe(1);
    database.answer([{ disabledAt: new Date() }]);
    await expect(again).resolves.toBe(true);
  });

  it('forgets every status at once, and looks each up again when next asked', async () => {
    const database = heldDatabase();
    const store = new SnapshotStore(database.db);
    for (const accountId of ['a1', 'a2']) {
      const asked = store.accountDisabled(accountId);
      await settle();
      database.answer([{ disabledAt: null }]);
      await asked;
    }
    const taking = store.takingVisitors('s1');
    await settle();
    database.answer([]);
    await expect(taking).resolves.toBeNull();

    // Remembered: no query.
    await expect(store.accountDisabled('a1')).resolves.toBe(false);
    expect(database.queries()).toBe(0);

    store.forgetAllStatuses();
    const pending = [store.accountDisabled('a1'), store.accountDisabled('a2'), store.takingVisitors('s1')];
    await settle();
    expect(database.queries()).toBe(3);
    database.answer([{ disabledAt: new Date() }]);
    database.answer([]);
    database.answer([]);
    await expect(Promise.all(pending)).resolves.toEqual([true, true, null]);
  });
});
