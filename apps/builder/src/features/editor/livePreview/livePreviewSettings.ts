import { useCallback, useState, useSyncExternalStore } from 'react';
import type { PreviewDevice } from '../../preview/previewDevices';

/** The pane shows beside the editor on screens at least this wide; narrower ones keep the whole width for editing. */
export const LIVE_PREVIEW_MIN_WIDTH = 1200;

const WIDE_QUERY = `(min-width: ${LIVE_PREVIEW_MIN_WIDTH}px)`;
const OPEN_KEY = 'quizbeam.livePreview.open';
const DEVICE_KEY = 'quizbeam.livePreview.device';

const wideScreen = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_QUERY) : null);

function subscribeToWidth(onChange: () => void): () => void {
  const query = wideScreen();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for the pane, followed as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => wideScreen()?.matches ?? false,
    () => false,
  );
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Without storage (a private window's quota, a policy) the choice lasts as long as the page.
  }
}

/** A choice kept on this device across editors and visits. */
function useStoredChoice<Value extends string>(key: string, read: (stored: string | null) => Value) {
  const [value, setValue] = useState(() => read(readStored(key)));
  const change = useCallback(
    (next: Value) => {
      setValue(next);
      store(key, next);
    },
    [key],
  );
  return [value, change] as const;
}

/** Whether the marketer keeps the pane open (it is, until hidden) and at which device's width it draws. */
export function useLivePreviewSettings() {
  const [open, setOpen] = useStoredChoice(OPEN_KEY, (stored) => (stored === 'false' ? 'false' : 'true'));
  const [device, setDevice] = useStoredChoice<PreviewDevice>(DEVICE_KEY, (stored) =>
    stored === 'desktop' ? 'desktop' : 'phone',
  );
  return {
    open: open === 'true',
    setOpen: (next: boolean) => setOpen(next ? 'true' : 'false'),
    device,
    setDevice,
  };
}
