import './Notification.css';
import { useIsShowingArea } from './notificationAreas';
import { clearNotification, useCurrentNotification } from './notificationStore';

/**
 * The notification area beside the main content. Layouts place it in the flow, between their top bar and the
 * scrolling content, so a message never covers a control: it takes its own room and gives it back when it
 * clears. A full-screen view over a layout has its own, the one then used.
 */
export function Notification() {
  const current = useCurrentNotification();
  const notification = useIsShowingArea() ? current : null;
  return (
    <div className="notification-slot">
      {notification && (
        <div className={`notification notification--${notification.type}`} data-testid="notification">
          {/* The close button sits outside the live region so the region's text is the message alone. */}
          <div className="notification__message" role={notification.type === 'error' ? 'alert' : 'status'}>
            {notification.message}
          </div>
          <button
            type="button"
            className="notification__close"
            aria-label="Dismiss notification"
            onClick={clearNotification}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
