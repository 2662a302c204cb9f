const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableElementsIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)];
}

/** Keeps Tab and Shift+Tab cycling inside the container; returns whether it moved the focus itself. */
export function trapTabKey(event: KeyboardEvent, container: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  const focusable = focusableElementsIn(container);
  if (focusable.length === 0) {
    event.preventDefault();
    return true;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  const leavingBackwards = event.shiftKey && (active === first || !container.contains(active));
  const leavingForwards = !event.shiftKey && (active === last || !container.contains(active));
  if (!leavingBackwards && !leavingForwards) return false;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
  return true;
}
