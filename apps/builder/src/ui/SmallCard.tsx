import { type ReactNode, useId } from 'react';
import './SmallCard.css';

interface SmallCardProps {
  title: string;
  selected: boolean;
  onSelect: () => void;
  children?: ReactNode;
}

export const SELECTED_BADGE_TEXT = 'Selected';

/**
 * A selectable card; its title alone is the button's name, the rest describes it. The button holds only the
 * title, so what it shows is what it is called (WCAG's label in name); it covers the whole card, so a click
 * anywhere on the card selects it.
 */
export function SmallCard({ title, selected, onSelect, children }: SmallCardProps) {
  const descriptionId = useId();
  return (
    <div className={selected ? 'small-card small-card--selected' : 'small-card'}>
      {selected && (
        <span className="small-card__badge" aria-hidden="true">
          {SELECTED_BADGE_TEXT}
        </span>
      )}
      <button
        type="button"
        className="small-card__button"
        aria-pressed={selected}
        aria-describedby={children ? descriptionId : undefined}
        onClick={onSelect}
      >
        <span className="small-card__title">{title}</span>
      </button>
      {children && (
        <span id={descriptionId} className="small-card__description">
          {children}
        </span>
      )}
    </div>
  );
}

interface SmallCardFrameProps {
  title: string;
  selected?: boolean;
  /** A picture above the title (a theme's preview), drawn at a fixed size so nothing moves as it loads. */
  media?: ReactNode;
  /** A short tag in the top-left corner ("Extra"). */
  mark?: string;
  /** The card's own buttons; the card itself is not one, so they are never nested in another control. */
  actions: ReactNode;
}

/** A small card that holds its own actions (Select and Preview): a group named by its title. */
export function SmallCardFrame({ title, selected = false, media, mark, actions }: SmallCardFrameProps) {
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card of buttons, not of form fields; a fieldset would need a legend and brings its own layout quirks
    <div
      role="group"
      aria-labelledby={titleId}
      className={
        selected ? 'small-card small-card--frame small-card--selected' : 'small-card small-card--frame'
      }
    >
      {media && <div className="small-card__media">{media}</div>}
      {mark && <span className="small-card__mark">{mark}</span>}
      {selected && (
        <span className="small-card__badge" aria-hidden="true">
          {SELECTED_BADGE_TEXT}
        </span>
      )}
      <span id={titleId} className="small-card__title small-card__title--one-line" title={title}>
        {title}
      </span>
      <div className="small-card__actions">{actions}</div>
    </div>
  );
}
