import './LoadingOverlay.css';
import { Spinner } from './Spinner';

/** Shown while the first screen's code and data load, before any layout can render. */
export function InitialLoading() {
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label="Loading">
      <Spinner />
    </div>
  );
}
