/** The attributes of an embed's holder element, read by the embed script (see docs/embedding.md). */
export const ATTRIBUTE_PREFIX = 'data-quizbeam-';

export function setting(holder: Element, name: string): string | null {
  return holder.getAttribute(ATTRIBUTE_PREFIX + name);
}

/** A number setting, or its default when it is missing, not a number or out of range. */
export function numberSetting(
  holder: Element,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = setting(holder, name);
  const value = Number(raw);
  return raw && value >= min && value <= max ? value : fallback;
}
