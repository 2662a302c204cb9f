import type { Template } from '@quizbeam/contracts/templates';
import { useContext, useSyncExternalStore } from 'react';
import type { DocumentChange } from '../../editor/store/quizHistory';
import type { DispatchOptions } from '../../editor/store/quizStore';
import { TemplateStoreContext } from './TemplateStoreContext';
import type { TemplateStore } from './templateStore';

/*
 * The template's own fields, for the template editor's Configure tab ("Edit Template"); its quiz is read and
 * changed through the quiz store hooks, as in the quiz editor.
 *   const name = useTemplateSelector((template) => template.name);
 *   useTemplateDispatch()(setTemplateFields({ isExtra: true }));
 */

export function useTemplateStore(): TemplateStore {
  const store = useContext(TemplateStoreContext);
  if (!store) throw new Error('The template store is only available inside the template editor');
  return store;
}

/** `select` must return part of the template or a primitive, not a new object on each call. */
export function useTemplateSelector<Selected>(select: (template: Template) => Selected): Selected {
  const store = useTemplateStore();
  const read = () => select(store.getState().current);
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useTemplateDispatch(): (change: DocumentChange<Template>, options?: DispatchOptions) => void {
  return useTemplateStore().dispatch;
}
