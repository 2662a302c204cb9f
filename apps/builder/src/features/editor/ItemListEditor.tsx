import type { Quiz } from '@quizbeam/contracts/quiz';
import { type QuizWarning, quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { PageHeader } from '../../ui/PageHeader';
import { CopyIcon } from './CopyIcon';
import { SortableList } from './sortable/SortableList';
import { useQuizDispatch, useQuizSelector, useQuizStore } from './store/quizStoreHooks';
import { WarningNotes } from './WarningNotes';
import './itemEditor.css';
import { useReportEditedItem } from './editedItem';

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
  /** The quiz with a copy of the item inserted (the same quiz when no copy can be made); the copy is selected. */
  duplicate?: (quiz: Quiz, id: number) => Quiz;
  removalText: (item: Item) => ReactNode;
  /** The pane editing the selected item; it reads the item itself, by id. */
  renderEditor: (id: number) => ReactNode;
  /** Settings shown above the cards, which concern every item (the Outcomes tab's scoring). */
  listHeader?: ReactNode;
}

/**
 * The item another screen asked to open, as `navigate(tab, { state: { selectItemId } })` does (the
 * Publish screen's Complete buttons), when it is among the items.
 */
function requestedItemId(locationState: unknown, ids: number[]): number | null {
  if (typeof locationState !== 'object' || locationState === null || !('selectItemId' in locationState))
    return null;
  const { selectItemId } = locationState;
  return typeof selectItemId === 'number' && ids.includes(selectItemId) ? selectItemId : null;
}

const sameWarnings = (first: QuizWarning[], second: QuizWarning[]) =>
  first.length === second.length &&
  first.every(
    (warning, index) => warning.id === second[index]?.id && warning.message === second[index]?.message,
  );

/** How long the quiz must stay as it is before its warnings are worked out again. */
const WARNINGS_SETTLE_MS = 200;

/**
 * The validator's warnings about questions or outcomes (the Outcomes tab also gets those about the quiz as a
 * whole, which concern scoring). They analyse every path through the quiz, so they are worked out again once
 * edits pause, not on each keystroke; the same array comes back while they stay the same, which keeps the
 * card list from re-rendering.
 */
function useItemWarnings(targetKind: 'question' | 'outcome'): QuizWarning[] {
  const store = useQuizStore();
  const current = useCallback(
    () =>
      quizWarnings(store.getState().current).filter(
        (warning) =>
          warning.targetKind === targetKind || (targetKind === 'outcome' && warning.targetKind === 'quiz'),
      ),
    [store, targetKind],
  );
  const [warnings, setWarnings] = useState(current);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = current();
        setWarnings((previous) => (sameWarnings(previous, next) ? previous : next));
      }, WARNINGS_SETTLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, current]);
  return warnings;
}

/**
 * The shape the Outcomes and Questions tabs share: draggable cards with the validator's warnings,
 * an add button, a confirmed delete, and an editor pane for the selected card.
 */
export function ItemListEditor<Item extends { id: number }>(props: ItemListEditorProps<Item>) {
  const store = useQuizStore();
  const dispatch = useQuizDispatch();
  // Only the ids, as one string: editing an item's fields leaves this screen alone (its card and pane follow).
  const idsKey = useQuizSelector((quiz) =>
    props
      .items(quiz)
      .map((item) => item.id)
      .join(','),
  );
  const ids = useMemo(() => (idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const location = useLocation();
  const requestedId = requestedItemId(location.state, ids);
  const [selectedId, setSelectedId] = useState<number | null>(requestedId ?? ids[0] ?? null);
  // A later navigation to this tab while it is open may ask for another item.
  const [selectionLocationKey, setSelectionLocationKey] = useState(location.key);
  if (location.key !== selectionLocationKey) {
    setSelectionLocationKey(location.key);
    if (requestedId !== null) setSelectedId(requestedId);
  }
  // What the live preview shows: the item whose settings are open, by its card's number.
  const selectedIndex = selectedId === null ? -1 : ids.indexOf(selectedId);
  useReportEditedItem(props.warningsFor, selectedIndex < 0 ? null : selectedIndex + 1);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const deleting = useQuizSelector((quiz) =>
    deletingId === null ? null : (props.items(quiz).find((item) => item.id === deletingId) ?? null),
  );
  const warnings = useItemWarnings(props.warningsFor);
  const quizLevelWarnings = useMemo(
    () => warnings.filter((warning) => warning.targetKind === 'quiz'),
    [warnings],
  );

  function add() {
    setSelectedId(props.add(store.getState().current).id);
    dispatch((current) => props.add(current).quiz);
  }

  const { duplicate, items } = props;
  const duplicateItem = duplicate
    ? (id: number) => {
        const before = store.getState().current;
        const existing = new Set(items(before).map((item) => item.id));
        const copy = items(duplicate(before, id)).find((item) => !existing.has(item.id));
        // No copy: the list is at its limit.
        if (!copy) return;
        dispatch((current) => duplicate(current, id));
        setSelectedId(copy.id);
      }
    : undefined;

  return (
    <>
      <PageHeader title={props.title}>
        <button type="button" className="button" onClick={add}>
          {props.addLabel}
        </button>
      </PageHeader>
      <div className="item-editor">
        <div className="item-editor__list">
          {props.listHeader}
          <WarningNotes warnings={quizLevelWarnings} />
          {ids.length === 0 ? (
            <EmptyState />
          ) : (
            <ItemCardList
              label={props.title}
              ids={ids}
              items={props.items}
              selectedId={selectedId}
              warnings={warnings}
              itemTitle={props.itemTitle}
              itemSubtitle={props.itemSubtitle}
              move={props.move}
              itemKind={props.warningsFor === 'question' ? 'Question' : 'Outcome'}
              onSelect={setSelectedId}
              onDuplicate={duplicateItem}
              onDelete={setDeletingId}
            />
          )}
        </div>
        {selectedId !== null && ids.includes(selectedId) ? props.renderEditor(selectedId) : null}
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

interface ItemCardsProps<Item extends { id: number }> {
  items: (quiz: Quiz) => Item[];
  itemTitle: (item: Item) => string;
  itemSubtitle: (item: Item) => string;
  onSelect: (id: number) => void;
  onDuplicate?: (id: number) => void;
  onDelete: (id: number) => void;
}

interface ItemCardListProps<Item extends { id: number }> extends ItemCardsProps<Item> {
  label: string;
  ids: number[];
  selectedId: number | null;
  warnings: QuizWarning[];
  move: (quiz: Quiz, id: number, toIndex: number) => Quiz;
  /** What one item is called in the move buttons' names: "Question", "Outcome". */
  itemKind: string;
}

function ItemCardListContent<Item extends { id: number }>(props: ItemCardListProps<Item>) {
  const dispatch = useQuizDispatch();
  const { ids, selectedId, warnings } = props;
  // Rows stand for ids only; each card reads its own item, so an edit re-renders that card alone. Rows
  // re-render when their signature changes, or all of them when the way cards are drawn changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new card functions must give every row a new key object
  const rows = useMemo(
    () => ids.map((id) => ({ id })),
    [
      ids,
      props.items,
      props.itemTitle,
      props.itemSubtitle,
      props.onSelect,
      props.onDuplicate,
      props.onDelete,
    ],
  );
  const warningsOf = (id: number) => warnings.filter((warning) => warning.id === id);
  return (
    <SortableList
      label={props.label}
      items={rows}
      onMove={(id, toIndex) => dispatch((current) => props.move(current, id, toIndex))}
      itemName={(_row, index) => `${props.itemKind} ${index + 1}`}
      rowSignature={({ id }) =>
        `${id === selectedId}|${warningsOf(id)
          .map((warning) => warning.message)
          .join('|')}`
      }
      renderItem={({ id }, handle) => (
        <ItemCard
          id={id}
          isSelected={id === selectedId}
          warnings={warningsOf(id)}
          dragHandle={handle}
          items={props.items}
          itemTitle={props.itemTitle}
          itemSubtitle={props.itemSubtitle}
          onSelect={props.onSelect}
          onDuplicate={props.onDuplicate}
          onDelete={props.onDelete}
        />
      )}
    />
  );
}

/**
 * The draggable cards. Their props stay the same while typing in the pane, so a keystroke's render skips
 * the whole list and its drag-and-drop context.
 */
const ItemCardList = memo(ItemCardListContent) as typeof ItemCardListContent;

// Every card looks its item up on each change of the quiz: one index per items array instead of a search each.
const indexes = new WeakMap<readonly { id: number }[], Map<number, { id: number }>>();
function itemWithId<Item extends { id: number }>(items: readonly Item[], id: number): Item | undefined {
  let index = indexes.get(items);
  if (!index) {
    index = new Map(items.map((item) => [item.id, item]));
    indexes.set(items, index);
  }
  return index.get(id) as Item | undefined;
}

interface ItemCardProps<Item extends { id: number }> extends ItemCardsProps<Item> {
  id: number;
  isSelected: boolean;
  warnings: QuizWarning[];
  dragHandle: ReactNode;
}

function ItemCard<Item extends { id: number }>({
  id,
  isSelected,
  warnings,
  dragHandle,
  ...props
}: ItemCardProps<Item>) {
  const item = useQuizSelector((quiz) => itemWithId(props.items(quiz), id));
  if (!item) return null;
  return (
    <div className={`card item-card${isSelected ? ' item-card--selected' : ''}`}>
      {dragHandle}
      <button
        type="button"
        className="item-card__select"
        aria-current={isSelected ? 'true' : undefined}
        onClick={() => props.onSelect(id)}
      >
        <span className="item-card__title">{props.itemTitle(item)}</span>
        <span className="item-card__subtitle">{props.itemSubtitle(item)}</span>
        <WarningNotes warnings={warnings} />
      </button>
      {props.onDuplicate ? (
        <button
          type="button"
          className="item-card__duplicate"
          aria-label={`Duplicate ${props.itemTitle(item)}`}
          title="Duplicate"
          onClick={() => props.onDuplicate?.(id)}
        >
          <CopyIcon />
        </button>
      ) : null}
      <button
        type="button"
        className="item-card__delete"
        aria-label={`Delete ${props.itemTitle(item)}`}
        onClick={() => props.onDelete(id)}
      >
        ×
      </button>
    </div>
  );
}
