import { useSyncExternalStore } from 'react';
import type { AutosaveController, AutosaveStatus as Status } from './autosaveController';
import './AutosaveStatus.css';

export const SAVING_TEXT = 'Saving…';
export const ALL_SAVED_TEXT = 'All changes saved';
export const OFFLINE_TEXT = 'Offline: changes kept on this device';
export const CONFLICT_TEXT = 'Not saved: choose which changes to keep';

export function autosaveStatusText(status: Status): string {
  switch (status.state) {
    case 'saved':
      return ALL_SAVED_TEXT;
    case 'pending':
    case 'saving':
      return SAVING_TEXT;
    case 'offline':
      return OFFLINE_TEXT;
    case 'conflict':
      return CONFLICT_TEXT;
    case 'failed':
      return `Not saved: ${status.message ?? 'the server had a problem. Trying again shortly.'}`;
  }
}

/** What the top bar says about saving; screen readers hear it change without losing their place. */
export function AutosaveStatus({ controller }: { controller: AutosaveController }) {
  const status = useSyncExternalStore(controller.subscribe, controller.getStatus, controller.getStatus);
  const problem = status.state === 'failed' || status.state === 'conflict' || status.state === 'offline';
  return (
    <span
      className={problem ? 'editor-frame__status editor-frame__status--problem' : 'editor-frame__status'}
      // Polite and without a status role: the notification area is the page's status.
      aria-live="polite"
    >
      {autosaveStatusText(status)}
    </span>
  );
}
