import { useSyncExternalStore } from 'react';

type Listener = () => void;

let activeRequestCount = 0;
const listeners = new Set<Listener>();

function setActiveRequestCount(next: number): void {
  activeRequestCount = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getActiveRequestCount(): number {
  return activeRequestCount;
}

/** Counts the call as active from before it starts until it settles, whatever the outcome. */
export async function trackRequest<T>(run: () => Promise<T>): Promise<T> {
  setActiveRequestCount(activeRequestCount + 1);
  try {
    return await run();
  } finally {
    setActiveRequestCount(activeRequestCount - 1);
  }
}

export function useActiveRequestCount(): number {
  return useSyncExternalStore(subscribe, getActiveRequestCount, getActiveRequestCount);
}
