export type MoveDirection = 'up' | 'down';

interface MoveButtonsProps {
  /** The item's name, for the buttons' own names ("Move Question 2 up"). */
  name: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (direction: MoveDirection) => void;
}

/** Moving an item one place without dragging: for the keyboard, switch access and anyone who cannot drag. */
export function MoveButtons({ name, canMoveUp, canMoveDown, onMove }: MoveButtonsProps) {
  return (
    <span className="sortable-list__move">
      <button
        type="button"
        className="sortable-list__move-button"
        data-move="up"
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={!canMoveUp}
        onClick={() => onMove('up')}
      >
        <span aria-hidden="true">▲</span>
      </button>
      <button
        type="button"
        className="sortable-list__move-button"
        data-move="down"
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={!canMoveDown}
        onClick={() => onMove('down')}
      >
        <span aria-hidden="true">▼</span>
      </button>
    </span>
  );
}
