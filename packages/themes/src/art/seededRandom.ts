/** A repeatable random sequence in [0, 1) from a text seed (FNV-1a into mulberry32): same theme, same art. */
export function seededRandom(seed: string): () => number {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number with at most one decimal, as short as it can be written in SVG. */
export const svgNumber = (value: number): string => String(Math.round(value * 10) / 10);
