import { useRef } from 'react';
import './Notification.css';
import { clearNotification, type ShownNotification, useCurrentNotification } from './notificationStore';

/**
 * The last message stays rendered (but hidden from assistive technology) while the box fades out,
 * so the 1s transition does not show an empty box.
 */
export function Notification() {
  const notification = useCurrentNotification();
  const lastShown = useRef<ShownNotification | null>(null);
  if (notification) lastShown.current = notification;
  const displayed = notification ?? lastShown.current;
  const isVisible = notification !== null;
  const type = displayed?.type ?? 'success';

  return (
    <div className="notification-slot">
      <div
        className={`notification notification--${type}${isVisible ? ' notification--visible' : ''}`}
        aria-hidden={isVisible ? undefined : true}
        data-testid="notification"
      >
        {/* The close button sits outside the live region so the region's text is the message alone. */}
        <div
          className="notification__message"
          role={isVisible ? (type === 'error' ? 'alert' : 'status') : undefined}
        >
          {displayed?.message}
        </div>
        {isVisible && (
          <button
            type="button"
            className="notification__close"
            aria-label="Dismiss notification"
            onClick={clearNotification}
          >
            ×
          </button>
        )}
      </div>
    </div>
  );
}
