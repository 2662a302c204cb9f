// Drawn in the text's colour; the buttons carry the names, so the pictures are hidden from screen readers.
const iconProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function LinkIcon() {
  return (
    <svg {...iconProps} aria-hidden="true" focusable="false">
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}

export function BulletListIcon() {
  return (
    <svg {...iconProps} aria-hidden="true" focusable="false">
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4" cy="6" r="1" fill="currentColor" />
      <circle cx="4" cy="12" r="1" fill="currentColor" />
      <circle cx="4" cy="18" r="1" fill="currentColor" />
    </svg>
  );
}

export function NumberedListIcon() {
  return (
    <svg {...iconProps} aria-hidden="true" focusable="false">
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 4.5 5 4v4M3.5 14.5a1.2 1.2 0 0 1 2.3.4c0 .9-2.3 1.7-2.3 3.1h2.5" strokeWidth={1.5} />
    </svg>
  );
}
