import type { VisitorEvent } from '@quizbeam/contracts/visitorEvents';
import { MAX_EVENTS_PER_REQUEST } from './visitorPaths';

export interface EventBatcher {
  add(event: VisitorEvent): void;
  flush(): void;
}

/** Collects events and sends them together a moment later, or at once when flushed. */
export function createEventBatcher(send: (events: VisitorEvent[]) => void, delayMs = 1000): EventBatcher {
  let queue: VisitorEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) send(queue.splice(0, MAX_EVENTS_PER_REQUEST));
    queue = [];
  };
  return {
    add(event) {
      queue.push(event);
      if (queue.length >= MAX_EVENTS_PER_REQUEST) flush();
      else if (timer === undefined) timer = setTimeout(flush, delayMs);
    },
    flush,
  };
}
