/** Thrown by a queue's `run` when it already has as many tasks waiting as it may hold. */
export class TaskQueueFull extends Error {}

export interface TaskQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * Runs at most `concurrency` tasks at once, the rest in arrival order; refuses a task when `maxWaiting`
 * are already waiting, so a burst cannot pile up memory (each waiting resize holds its original's bytes).
 */
export function createTaskQueue({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const queue: TaskQueue = {
    async run(task) {
      if (running < concurrency) running += 1;
      else {
        if (waiting.length >= maxWaiting) throw new TaskQueueFull();
        // The finishing task hands its slot straight over, so `running` stays as it is.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
  return queue;
}
