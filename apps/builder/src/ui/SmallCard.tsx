import { type ReactNode, useId } from 'react';
import './SmallCard.css';

interface SmallCardProps {
  title: string;
  selected: boolean;
  onSelect: () => void;
  children?: ReactNode;
}

export const SELECTED_BADGE_TEXT = 'Selected';

/** A selectable card; its title alone is its accessible name, the rest describes it. */
export function SmallCard({ title, selected, onSelect, children }: SmallCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      className={selected ? 'small-card small-card--selected' : 'small-card'}
      aria-pressed={selected}
      aria-labelledby={titleId}
      aria-describedby={children ? descriptionId : undefined}
      onClick={onSelect}
    >
      {selected && (
        <span className="small-card__badge" aria-hidden="true">
          {SELECTED_BADGE_TEXT}
        </span>
      )}
      <span id={titleId} className="small-card__title">
        {title}
      </span>
      {children && (
        <span id={descriptionId} className="small-card__description">
          {children}
        </span>
      )}
    </button>
  );
}
