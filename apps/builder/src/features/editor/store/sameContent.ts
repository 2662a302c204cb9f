/**
 * Whether two JSON-like values hold the same data. Parts the engine's actions left untouched are the
 * same objects in both, so comparing a quiz with its previous version visits only the path an edit
 * changed. Object keys may come in any order; a key set to `undefined` counts as absent, as in JSON.
 */
export function sameContent(first: unknown, second: unknown): boolean {
  if (Object.is(first, second)) return true;
  if (typeof first !== 'object' || typeof second !== 'object' || first === null || second === null)
    return false;
  if (Array.isArray(first) || Array.isArray(second)) {
    if (!Array.isArray(first) || !Array.isArray(second) || first.length !== second.length) return false;
    return first.every((item, index) => sameContent(item, second[index]));
  }
  const firstRecord = first as Record<string, unknown>;
  const secondRecord = second as Record<string, unknown>;
  const definedKeys = (record: Record<string, unknown>) =>
    Object.keys(record).filter((key) => record[key] !== undefined);
  const firstKeys = definedKeys(firstRecord);
  if (firstKeys.length !== definedKeys(secondRecord).length) return false;
  return firstKeys.every(
    (key) => Object.hasOwn(secondRecord, key) && sameContent(firstRecord[key], secondRecord[key]),
  );
}
