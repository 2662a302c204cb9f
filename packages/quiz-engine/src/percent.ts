/** A whole percentage of `of`; 0 when nothing can be scored. */
export const percentOf = (score: number, of: number): number => (of > 0 ? Math.round((score * 100) / of) : 0);
