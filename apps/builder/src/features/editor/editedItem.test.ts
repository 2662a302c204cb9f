import { describe, expect, it, vi } from 'vitest';
import { createEditedItemStore } from './editedItem';

describe('the item an editor tab is editing', () => {
  it('tells its listeners when it changes, and only then', () => {
    const store = createEditedItemStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBeNull();
    store.set({ kind: 'question', rank: 3 });
    store.set({ kind: 'question', rank: 3 });
    expect(store.get()).toEqual({ kind: 'question', rank: 3 });
    store.set({ kind: 'outcome', rank: 3 });
    store.set(null);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
