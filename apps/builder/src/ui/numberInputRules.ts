/** The number input rules: a decimal or nothing, kept within optional bounds. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function clampNumber(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/** Rounds away floating-point noise from repeated steps (0.1 + 0.2). */
export function stepNumber(
  value: number | null,
  direction: 1 | -1,
  step: number,
  min?: number,
  max?: number,
) {
  const start = value ?? min ?? 0;
  const next = Number((start + direction * step).toFixed(10));
  return clampNumber(next, min, max);
}
