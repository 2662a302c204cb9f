/** A bar as wide as a share (0 to 100); the figure itself is written beside it, so the bar is decoration. */
export function ShareBar({ percentage }: { percentage: number }) {
  const width = `${Math.min(100, Math.max(0, percentage))}%`;
  return (
    <span className="share-bar" aria-hidden="true">
      <span className="share-bar__fill" style={{ width }} />
    </span>
  );
}
