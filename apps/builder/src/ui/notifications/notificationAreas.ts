import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/*
 * Every screen layout has a notification area in its flow, and a full-screen view over the layout (the
 * editor's Preview) brings its own. Only the newest area on the page shows the message, so the one under
 * the view never paints over it.
 */
const areas: symbol[] = [];
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers the calling area while it is mounted; true while it is the one that shows notifications. */
export function useIsShowingArea(): boolean {
  const [area] = useState(() => Symbol('notification area'));
  useLayoutEffect(() => {
    areas.push(area);
    announce();
    return () => {
      areas.splice(areas.lastIndexOf(area), 1);
      announce();
    };
  }, [area]);
  const newest = () => areas.at(-1) === area;
  return useSyncExternalStore(subscribe, newest, newest);
}
