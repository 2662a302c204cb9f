import type { Database } from '@quizbeam/db/database';

/**
 * Tells this process's worker that deliveries were just written, so a lead is delivered at once rather
 * than at the next poll. Keyed by database so that test apps sharing a process do not wake each other.
 */
const listeners = new WeakMap<Database, Set<() => void>>();

export function announceDeliveries(db: Database): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** Returns the function that stops listening. */
export function onDeliveriesAnnounced(db: Database, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}
