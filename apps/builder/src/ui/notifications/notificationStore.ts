import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

export const NOTIFICATION_DISMISS_MS = 10_000;

export type NotificationType = 'error' | 'success';

export interface ShownNotification {
  id: number;
  type: NotificationType;
  message: ReactNode;
}

type Listener = () => void;

let current: ShownNotification | null = null;
let nextId = 1;
let dismissTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function publish(next: ShownNotification | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a message; every new message replaces the last one and restarts the dismiss timer. */
export function showNotification(type: NotificationType, message: ReactNode): void {
  clearTimeout(dismissTimer);
  publish({ id: nextId++, type, message });
  dismissTimer = setTimeout(clearNotification, NOTIFICATION_DISMISS_MS);
}

export function clearNotification(): void {
  clearTimeout(dismissTimer);
  dismissTimer = undefined;
  if (current) publish(null);
}

export const showError = (message: ReactNode) => showNotification('error', message);
export const showSuccess = (message: ReactNode) => showNotification('success', message);

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getCurrentNotification(): ShownNotification | null {
  return current;
}

export function useCurrentNotification(): ShownNotification | null {
  return useSyncExternalStore(subscribe, getCurrentNotification, getCurrentNotification);
}
