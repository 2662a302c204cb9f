import type { Quiz } from '@quizbeam/contracts/quiz';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { PageHeader } from '../../ui/PageHeader';
import { SortableList } from './sortable/SortableList';
import { useQuiz, useQuizDispatch } from './store/quizStoreHooks';
import { WarningNotes } from './WarningNotes';
import './itemEditor.css';

interface ItemListEditorProps<Item extends { id: number }> {
  title: string;
  addLabel: string;
  warningsFor: 'question' | 'outcome';
  items: (quiz: Quiz) => Item[];
  itemTitle: (item: Item) => string;
  itemSubtitle: (item: Item) => string;
  /** The quiz with a new item, and that item's id (it is selected). */
  add: (quiz: Quiz) => { quiz: Quiz; id: number };
  move: (quiz: Quiz, id: number, toIndex: number) => Quiz;
  remove: (quiz: Quiz, id: number) => Quiz;
  removalText: (item: Item) => ReactNode;
  renderEditor: (item: Item) => ReactNode;
}

/**
 * The shape the Outcomes and Questions tabs share: draggable cards with the validator's warnings,
 * an add button, a confirmed delete, and an editor pane for the selected card.
 */
export function ItemListEditor<Item extends { id: number }>(props: ItemListEditorProps<Item>) {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const items = props.items(quiz);
  // The long card list follows at a lower priority, so a keystroke in the pane paints first.
  const listedItems = useDeferredValue(items);
  const [selectedId, setSelectedId] = useState<number | null>(items[0]?.id ?? null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // Warnings analyse every path through the quiz; computing them after the keystroke keeps typing smooth.
  const deferredQuiz = useDeferredValue(quiz);
  const warnings = useMemo(
    () => quizWarnings(deferredQuiz).filter((warning) => warning.targetKind === props.warningsFor),
    [deferredQuiz, props.warningsFor],
  );
  const warningsOf = (id: number) => warnings.filter((warning) => warning.id === id);
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const deleting = items.find((item) => item.id === deletingId) ?? null;

  function add() {
    setSelectedId(props.add(quiz).id);
    dispatch((current) => props.add(current).quiz);
  }

  return (
    <>
      <PageHeader title={props.title}>
        <button type="button" className="button" onClick={add}>
          {props.addLabel}
        </button>
      </PageHeader>
      <div className="item-editor">
        <div className="item-editor__list">
          {items.length === 0 ? (
            <EmptyState />
          ) : (
            <SortableList
              label={props.title}
              items={listedItems}
              onMove={(id, toIndex) => dispatch((current) => props.move(current, id, toIndex))}
              rowSignature={(item) =>
                `${item.id === selectedId}|${warningsOf(item.id)
                  .map((warning) => warning.message)
                  .join('|')}`
              }
              renderItem={(item, handle) => (
                <div className={`card item-card${item.id === selectedId ? ' item-card--selected' : ''}`}>
                  {handle}
                  <button type="button" className="item-card__select" onClick={() => setSelectedId(item.id)}>
                    <span className="item-card__title">{props.itemTitle(item)}</span>
                    <span className="item-card__subtitle">{props.itemSubtitle(item)}</span>
                    <WarningNotes warnings={warningsOf(item.id)} />
                  </button>
                  <button
                    type="button"
                    className="item-card__delete"
                    aria-label={`Delete ${props.itemTitle(item)}`}
                    onClick={() => setDeletingId(item.id)}
                  >
                    ×
                  </button>
                </div>
              )}
            />
          )}
        </div>
        {selected ? props.renderEditor(selected) : null}
      </div>
      {deleting ? (
        <ConfirmationModal
          onCancel={() => setDeletingId(null)}
          onConfirm={() => {
            dispatch((current) => props.remove(current, deleting.id));
            setDeletingId(null);
            if (selectedId === deleting.id) setSelectedId(null);
          }}
        >
          <p>{props.removalText(deleting)}</p>
        </ConfirmationModal>
      ) : null}
    </>
  );
}
