import './EmptyState.css';

export const EMPTY_STATE_TEXT = 'Nothing to see here…';

export function EmptyState() {
  return (
    <div className="card empty-state">
      <p>{EMPTY_STATE_TEXT}</p>
    </div>
  );
}
