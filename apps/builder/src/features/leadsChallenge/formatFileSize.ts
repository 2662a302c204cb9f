const UNITS = ['KB', 'MB', 'GB'] as const;

/** A file's size as people read it, en-US: "512 bytes", "1.2 MB" (1,024-based, one decimal at most). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}
