import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearNotification } from '../ui/notifications/notificationStore';

afterEach(() => {
  cleanup();
  clearNotification();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
