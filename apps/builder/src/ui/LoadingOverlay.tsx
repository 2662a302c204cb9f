import { useActiveRequestCount } from '../api/activeRequests';
import './LoadingOverlay.css';
import { Spinner } from './Spinner';

export function LoadingOverlay() {
  const activeRequestCount = useActiveRequestCount();
  if (activeRequestCount === 0) return null;
  return (
    <div
      className="loading-overlay"
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
      data-testid="loading-overlay"
    >
      <Spinner />
    </div>
  );
}
