import { describe, expect, it } from 'vitest';
import { createTaskQueue, TaskQueueFull } from './taskQueue';

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('task queue', () => {
  it('runs at most `concurrency` tasks at once, the others in arrival order', async () => {
    const queue = createTaskQueue({ concurrency: 2, maxWaiting: 10 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
  });

  it('frees the slot of a failed task and refuses tasks beyond the waiting room', async () => {
    const queue = createTaskQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = deferred();
    const first = queue.run(async () => {
      await gate.promise;
      throw new Error('broken image');
    });
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(TaskQueueFull);
    gate.resolve();
    await expect(first).rejects.toThrow('broken image');
    expect(await second).toBe('second');
    expect(await queue.run(async () => 'later')).toBe('later');
  });
});
