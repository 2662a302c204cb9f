import { useSyncExternalStore } from 'react';
import { useQuizStore } from './store/quizStoreHooks';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const UNDO_SHORTCUT = isMac ? '⌘Z' : 'Ctrl+Z';
const REDO_SHORTCUT = isMac ? '⇧⌘Z' : 'Ctrl+Y';

/**
 * Undo and Redo of the editor's changes (added or moved questions, a whole field's typing). Pressing one
 * leaves the focus where it was, so they work while a text field is being edited; the field's own
 * Ctrl+Z still undoes its letters.
 */
export function UndoRedoButtons() {
  const store = useQuizStore();
  const canUndo = useSyncExternalStore(store.subscribe, () => store.getState().past.length > 0);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.getState().future.length > 0);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of two buttons, not a fieldset of a form.
    <div className="editor-undo-redo" role="group" aria-label="Undo and redo">
      <button
        type="button"
        className="button button--secondary"
        disabled={!canUndo}
        title={`Undo (${UNDO_SHORTCUT})`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => store.undo()}
      >
        Undo
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!canRedo}
        title={`Redo (${REDO_SHORTCUT})`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => store.redo()}
      >
        Redo
      </button>
    </div>
  );
}
