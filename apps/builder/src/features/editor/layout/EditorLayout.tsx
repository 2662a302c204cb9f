import { type ComponentProps, type ReactNode, useState } from 'react';
import { EditorFrame, type EditorTab } from '../EditorFrame';
import { createEditedItemStore, EditedItemContext } from '../editedItem';
import { LivePreviewPane } from '../livePreview/LivePreviewPane';
import { RevisionConflictModal } from '../RevisionConflictModal';
import { QuizStoreContext } from '../store/QuizStoreContext';
import type { QuizStore } from '../store/quizStore';
import { useUndoRedoShortcuts } from '../store/useUndoRedoShortcuts';

interface EditorLayoutProps {
  /** The accessible name of the tabs' navigation. */
  navigationLabel: string;
  tabs: EditorTab[];
  /** The quiz edited (a template's quiz in the template editor): the tabs' store, with its undo history. */
  quizStore: QuizStore;
  /** The top bar's actions, usually an `EditorTopBar`. */
  topBar: ReactNode;
  /** The conflict dialog's title and reload where they are not the quiz editor's. */
  conflict?: ComponentProps<typeof RevisionConflictModal>;
}

/**
 * An opened editor: its tabs and top bar over the quiz store, the live preview beside them (the template
 * editor's quiz too), undo and redo keys, the conflict dialog.
 */
export function EditorLayout({ navigationLabel, tabs, quizStore, topBar, conflict }: EditorLayoutProps) {
  useUndoRedoShortcuts(quizStore);
  const [editedItem] = useState(createEditedItemStore);
  return (
    <QuizStoreContext value={quizStore}>
      <EditedItemContext value={editedItem}>
        <EditorFrame
          navigationLabel={navigationLabel}
          tabs={tabs}
          topBar={topBar}
          aside={<LivePreviewPane />}
        />
        <RevisionConflictModal {...conflict} />
      </EditedItemContext>
    </QuizStoreContext>
  );
}
