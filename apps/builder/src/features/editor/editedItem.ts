import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/** The question or outcome whose settings the Questions or Outcomes tab shows, by its rank (its card's number). */
export interface EditedItem {
  kind: 'question' | 'outcome';
  rank: number;
}

type Listener = () => void;

/** Which item an editor's tab is editing now, for what shows it elsewhere (the live preview). */
export interface EditedItemStore {
  get: () => EditedItem | null;
  set: (item: EditedItem | null) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createEditedItemStore(): EditedItemStore {
  let item: EditedItem | null = null;
  const listeners = new Set<Listener>();
  return {
    get: () => item,
    set(next) {
      if (next?.kind === item?.kind && next?.rank === item?.rank) return;
      item = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const EditedItemContext = createContext<EditedItemStore | null>(null);

/** Says which item the tab edits while it does; nothing once the tab is left. */
export function useReportEditedItem(kind: EditedItem['kind'], rank: number | null): void {
  const store = useContext(EditedItemContext);
  useEffect(() => {
    if (!store) return;
    store.set(rank ? { kind, rank } : null);
    return () => store.set(null);
  }, [store, kind, rank]);
}

const nobody = () => () => undefined;
const none = () => null;

/** The item the editor's tab is editing, or null. */
export function useEditedItem(): EditedItem | null {
  const store = useContext(EditedItemContext);
  return useSyncExternalStore(store?.subscribe ?? nobody, store?.get ?? none, store?.get ?? none);
}
