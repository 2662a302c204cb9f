import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dropPosition } from './dropPosition';
import { MoveButtons, type MoveDirection } from './MoveButtons';
import { sortableAnnouncements, sortableInstructions } from './sortableAnnouncements';
import './SortableList.css';

/** The item under the pointer wins (tall cards); keyboard drags have no pointer and use the nearest centre. */
const pointerFirst: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : closestCenter(args);
};

// Sensor options must keep their identity: new objects each render would rebuild the sensors and hand every
// row's useSortable a new DndContext value, re-rendering all rows (even memoised ones) on each edit.
const pointerSensorOptions = { activationConstraint: { distance: 4 } };
const keyboardSensorOptions = { coordinateGetter: sortableKeyboardCoordinates };

interface SortableListProps<Item extends { id: number }> {
  label: string;
  items: Item[];
  /** Moves the dragged item to the index of the item it was dropped on. */
  onMove: (id: number, toIndex: number) => void;
  renderItem: (item: Item, dragHandle: ReactNode) => ReactNode;
  /**
   * What else a row shows besides its item (selection, warnings), as a string: a row re-renders only
   * when its item, this signature or its drop indicator changes, which keeps long lists fast to edit.
   */
  rowSignature?: (item: Item) => string;
  /** What the move buttons and screen-reader announcements call an item ("Question 2"); by position otherwise. */
  itemName?: (item: Item, index: number) => string;
}

const defaultItemName = (_item: unknown, index: number) => `Item ${index + 1}`;

/** A vertical list reordered by dragging a handle (pointer or keyboard), with a drop indicator. */
export function SortableList<Item extends { id: number }>({
  label,
  items,
  onMove,
  renderItem,
  rowSignature,
  itemName = defaultItemName,
}: SortableListProps<Item>) {
  const renderItemRef = useRef(renderItem);
  renderItemRef.current = renderItem;
  const sensors = useSensors(
    useSensor(PointerSensor, pointerSensorOptions),
    useSensor(KeyboardSensor, keyboardSensorOptions),
  );
  const [drag, setDrag] = useState<{ activeId: number; overId: number | null } | null>(null);
  const indexOf = (id: number | null) => items.findIndex((item) => item.id === id);
  // A new id array would give every row's useSortable a new context and re-render all of them.
  const idsKey = items.map((item) => item.id).join(',');
  const ids = useMemo(() => (idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);

  // Stable handlers keep DndContext from handing every row a new context on each edit.
  const latest = useRef({ ids, onMove, items, itemName });
  latest.current = { ids, onMove, items, itemName };
  const nameOf = useCallback((id: number) => {
    const index = latest.current.ids.indexOf(id);
    const item = latest.current.items[index];
    return item ? latest.current.itemName(item, index) : '';
  }, []);
  const accessibility = useMemo(
    () => ({
      announcements: sortableAnnouncements(
        nameOf,
        (id) => latest.current.ids.indexOf(id),
        () => latest.current.ids.length,
      ),
      screenReaderInstructions: sortableInstructions,
    }),
    [nameOf],
  );

  // Moving by a button: the row is put back in the list, which loses focus; it returns to the same button
  // (or the other one, at an end) and the new place is announced.
  const listRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<{ id: number; direction: MoveDirection } | null>(null);
  const [moveMessage, setMoveMessage] = useState('');
  const moveBy = useCallback(
    (id: number, direction: MoveDirection) => {
      const from = latest.current.ids.indexOf(id);
      const to = direction === 'up' ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= latest.current.ids.length) return;
      pendingFocus.current = { id, direction };
      setMoveMessage(`${nameOf(id)} moved to position ${to + 1} of ${latest.current.ids.length}.`);
      latest.current.onMove(id, to);
    },
    [nameOf],
  );
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !idsKey) return;
    pendingFocus.current = null;
    const row = listRef.current?.querySelector(`[data-sortable-id="${pending.id}"]`);
    const buttons = [pending.direction, pending.direction === 'up' ? 'down' : 'up'].map((direction) =>
      row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [idsKey]);
  const handleDragStart = useCallback(
    (event: DragStartEvent) => setDrag({ activeId: Number(event.active.id), overId: null }),
    [],
  );
  const handleDragOver = useCallback(
    (event: DragOverEvent) =>
      setDrag({ activeId: Number(event.active.id), overId: event.over ? Number(event.over.id) : null }),
    [],
  );
  const handleDragCancel = useCallback(() => setDrag(null), []);
  const handleDragEnd = useCallback((event: DragEndEvent) => {
    setDrag(null);
    const overId = event.over ? Number(event.over.id) : null;
    const activeId = Number(event.active.id);
    if (overId === null || overId === activeId) return;
    latest.current.onMove(activeId, latest.current.ids.indexOf(overId));
  }, []);

  return (
    <DndContext
      sensors={sensors}
      accessibility={accessibility}
      collisionDetection={pointerFirst}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={handleDragCancel}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul
          ref={listRef}
          className={items.length > 20 ? 'sortable-list sortable-list--long' : 'sortable-list'}
          aria-label={label}
        >
          {items.map((item, index) => {
            const isOver = drag !== null && drag.overId === item.id;
            const position = isOver ? dropPosition(indexOf(drag.activeId), indexOf(item.id)) : null;
            return (
              <SortableRow
                key={item.id}
                item={item}
                signature={rowSignature?.(item) ?? ''}
                dropIndicator={position}
                name={itemName(item, index)}
                isFirst={index === 0}
                isLast={index === items.length - 1}
                onMoveBy={moveBy}
                render={(handle) => renderItemRef.current(item, handle)}
              />
            );
          })}
        </ul>
      </SortableContext>
      <div className="visually-hidden" role="status">
        {moveMessage}
      </div>
    </DndContext>
  );
}

interface SortableRowProps {
  item: { id: number };
  signature: string;
  dropIndicator: 'before' | 'after' | null;
  name: string;
  isFirst: boolean;
  isLast: boolean;
  onMoveBy: (id: number, direction: MoveDirection) => void;
  render: (dragHandle: ReactNode) => ReactNode;
}

const SortableRow = memo(
  SortableRowContent,
  (before, after) =>
    before.item === after.item &&
    before.signature === after.signature &&
    before.dropIndicator === after.dropIndicator &&
    before.name === after.name &&
    before.isFirst === after.isFirst &&
    before.isLast === after.isLast,
);

function SortableRowContent({
  item,
  dropIndicator,
  name,
  isFirst,
  isLast,
  onMoveBy,
  render,
}: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useSortable({
    id: item.id,
  });
  // Only the dragged row moves; the others stay put and the indicator shows where it will land.
  const style = isDragging ? { transform: CSS.Translate.toString(transform), zIndex: 2 } : undefined;
  const handle = (
    <span className="sortable-list__controls">
      <button
        type="button"
        className="sortable-list__handle"
        aria-label="Drag to reorder"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <MoveButtons
        name={name}
        canMoveUp={!isFirst}
        canMoveDown={!isLast}
        onMove={(direction) => onMoveBy(item.id, direction)}
      />
    </span>
  );
  const className = [
    'sortable-list__row',
    isDragging ? 'sortable-list__row--dragging' : '',
    dropIndicator ? `sortable-list__row--drop-${dropIndicator}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={className}
      data-sortable-id={item.id}
      data-drop-indicator={dropIndicator ?? undefined}
    >
      {render(handle)}
    </li>
  );
}
