import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearNotification } from '../ui/notifications/notificationStore';

// Screens are lazy route modules: on a busy two-core CI machine the first one a test file opens can take
// over the default second to load, so `findBy…` waits longer before it gives up.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  clearNotification();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
