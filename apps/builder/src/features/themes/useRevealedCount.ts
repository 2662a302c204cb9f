import { useEffect, useState } from 'react';

/** How many cards render in the first commit, and how many join in each later idle moment. */
export const FIRST_BATCH = 24;
export const LATER_BATCH = 24;

/** Runs `work` when the browser is idle (or soon, where it has no idle callbacks); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 16);
  return () => window.clearTimeout(handle);
}

/**
 * How many of `total` items to render: the first batch at once, then a batch per idle moment, so no single
 * task renders the whole list (opening a gallery of ~70 cards stays under the 50 ms long-task line).
 */
export function useRevealedCount(total: number): number {
  const [revealed, setRevealed] = useState(FIRST_BATCH);
  useEffect(() => {
    if (revealed >= total) return;
    return whenIdle(() => setRevealed((count) => count + LATER_BATCH));
  }, [revealed, total]);
  return Math.min(revealed, total);
}
