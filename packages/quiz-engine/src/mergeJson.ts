/*
 * A three-way merge of JSON documents (plain objects, arrays, strings, numbers, booleans, null): what one side
 * changed against the common ancestor (see `Ancestor`) is taken, what both changed alike is taken once, what
 * both changed differently is a conflict whose provisional value is theirs. Objects merge key by key; arrays
 * whose items all carry a unique `id` merge item by item (see `mergedOrder`); any other array is one value. A
 * missing key and a key holding undefined are the same (JSON drops both).
 */

export type JsonPath = (string | number)[];
export type ItemId = string | number;

export interface JsonConflict {
  /** Object keys, and the item's id (never its index) inside an array of items with ids. */
  path: JsonPath;
  mine: unknown;
  theirs: unknown;
  /** An item one side deleted and the other changed: the side that deleted it. */
  deletedIn?: 'mine' | 'theirs';
  /** An item theirs deleted and mine changed: its position in mine's list, where choosing mine puts it back. */
  mineIndex?: number;
}

export interface JsonMergeOptions {
  /** Keys whose values are worked out again after the merge (ranks, counters): never compared, taken from theirs. */
  ignoredKeys: ReadonlySet<string>;
  /** Keys whose objects only make sense whole (a flow rule, an image): replaced, never merged key by key. */
  atomicKeys: ReadonlySet<string>;
}

type JsonObject = Record<string, unknown>;
type Item = JsonObject & { id: ItemId };

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isItem = (value: unknown): value is Item =>
  isJsonObject(value) && (typeof value.id === 'string' || typeof value.id === 'number');

/** Every entry an object with an `id`, no id twice. An empty list qualifies (it can merge with one that does). */
function isItemList(value: unknown): value is Item[] {
  if (!Array.isArray(value) || !value.every(isItem)) return false;
  return new Set(value.map((item) => item.id)).size === value.length;
}

const definedKeys = (object: JsonObject, ignoredKeys: ReadonlySet<string>) =>
  Object.keys(object).filter((key) => object[key] !== undefined && !ignoredKeys.has(key));

/** Deep equality of JSON values, leaving out `ignoredKeys` at every depth. */
export function sameJson(a: unknown, b: unknown, ignoredKeys: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((entry, index) => sameJson(entry, b[index], ignoredKeys))
    );
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = definedKeys(a, ignoredKeys);
  if (keys.length !== definedKeys(b, ignoredKeys).length) return false;
  return keys.every((key) => sameJson(a[key], b[key], ignoredKeys));
}

/**
 * The common ancestor three ways: as it was, and as each side's own clean-ups would have left it (removing an
 * outcome clears the answers' links to it). A side changed a value when it differs from its own view, so
 * a clean-up is not an edit: it conflicts with nothing, and the merged value keeps what the ancestor had
 * for the caller's repair to clear again if the item stays removed.
 */
export interface Ancestor {
  base: unknown;
  forMine: unknown;
  forTheirs: unknown;
}

const childOf = (ancestor: Ancestor, key: string): Ancestor => {
  const at = (value: unknown) => (isJsonObject(value) ? value[key] : undefined);
  return { base: at(ancestor.base), forMine: at(ancestor.forMine), forTheirs: at(ancestor.forTheirs) };
};

const itemsById = (value: unknown): Map<ItemId, Item> =>
  new Map(isItemList(value) ? value.map((item) => [item.id, item]) : []);

class JsonMerger {
  readonly conflicts: JsonConflict[] = [];

  constructor(private readonly options: JsonMergeOptions) {}

  private same(a: unknown, b: unknown): boolean {
    return sameJson(a, b, this.options.ignoredKeys);
  }

  value(ancestor: Ancestor, mine: unknown, theirs: unknown, path: JsonPath, atomic: boolean): unknown {
    if (mine === theirs || this.same(mine, theirs)) return theirs;
    const mineChanged = !this.same(ancestor.forMine, mine);
    const theirsChanged = !this.same(ancestor.forTheirs, theirs);
    if (!mineChanged && !theirsChanged) return ancestor.base;
    if (!mineChanged) return theirs;
    if (!theirsChanged) return mine;
    const { base } = ancestor;
    if (!atomic) {
      if (isItemList(mine) && isItemList(theirs) && (base === undefined || isItemList(base)))
        return this.items(ancestor, mine, theirs, path);
      if (isJsonObject(mine) && isJsonObject(theirs) && (base === undefined || isJsonObject(base)))
        return this.object(ancestor, mine, theirs, path);
    }
    this.conflicts.push({ path, mine, theirs });
    return theirs;
  }

  private object(ancestor: Ancestor, mine: JsonObject, theirs: JsonObject, path: JsonPath): JsonObject {
    const base = isJsonObject(ancestor.base) ? ancestor.base : {};
    const keys = new Set([...Object.keys(theirs), ...Object.keys(mine), ...Object.keys(base)]);
    const merged: JsonObject = {};
    let differsFromTheirs = false;
    for (const key of keys) {
      const value = this.options.ignoredKeys.has(key)
        ? (theirs[key] ?? mine[key])
        : this.value(
            childOf(ancestor, key),
            mine[key],
            theirs[key],
            [...path, key],
            this.options.atomicKeys.has(key),
          );
      if (value !== undefined) merged[key] = value;
      if (value !== theirs[key]) differsFromTheirs = true;
    }
    return differsFromTheirs ? merged : theirs;
  }

  private items(ancestor: Ancestor, mine: Item[], theirs: Item[], path: JsonPath): Item[] {
    const base = isItemList(ancestor.base) ? ancestor.base : [];
    const baseById = itemsById(base);
    const forMineById = itemsById(ancestor.forMine);
    const forTheirsById = itemsById(ancestor.forTheirs);
    const mineById = itemsById(mine);
    const theirsById = itemsById(theirs);
    const itemAncestor = (id: ItemId): Ancestor => ({
      base: baseById.get(id),
      forMine: forMineById.get(id),
      forTheirs: forTheirsById.get(id),
    });
    // Whether the side that kept an item the other deleted changed it: then the deletion is a conflict.
    const keptChanged = (id: ItemId): boolean => {
      const inMine = mineById.get(id);
      const inTheirs = theirsById.get(id);
      if (inMine) return !this.same(forMineById.get(id), inMine);
      return !this.same(forTheirsById.get(id), inTheirs);
    };
    // Items that stay, and those one side deleted while the other changed them: placed too, so that the
    // conflicts come out in the list's order (an item theirs deleted is then left out, theirs being provisional).
    const placed = new Set<ItemId>();
    for (const id of new Set([...theirsById.keys(), ...mineById.keys()])) {
      const onBothSides = mineById.has(id) && theirsById.has(id);
      if (onBothSides || !baseById.has(id) || keptChanged(id)) placed.add(id);
    }
    const merged: Item[] = [];
    for (const id of mergedOrder(base, mine, theirs, placed)) {
      const inMine = mineById.get(id);
      const inTheirs = theirsById.get(id);
      const inBase = baseById.has(id);
      const itemPath = [...path, id];
      if (inMine && inTheirs) {
        merged.push(this.value(itemAncestor(id), inMine, inTheirs, itemPath, false) as Item);
      } else if (inTheirs) {
        if (inBase)
          this.conflicts.push({ path: itemPath, mine: undefined, theirs: inTheirs, deletedIn: 'mine' });
        merged.push(inTheirs);
      } else if (inMine && !inBase) {
        merged.push(inMine);
      } else if (inMine) {
        const mineIndex = mine.indexOf(inMine);
        this.conflicts.push({
          path: itemPath,
          mine: inMine,
          theirs: undefined,
          deletedIn: 'theirs',
          mineIndex,
        });
      }
    }
    return merged.length === theirs.length && merged.every((item, index) => item === theirs[index])
      ? theirs
      : merged;
  }
}

/**
 * The ids in `keep` in their merged order. When only mine moved items (the order of the items all three
 * lists share differs from the base's in mine only), mine's order leads; otherwise theirs' does. Both sides
 * reordering differently is not a conflict: an order cannot be shown as two values to choose from, and theirs
 * is what the caller saves over. The other side's items missing from the leading order go in after the item
 * they follow on their side (first when they were first, last when they were last), behind the leading
 * side's additions there.
 */
function mergedOrder(base: Item[], mine: Item[], theirs: Item[], keep: ReadonlySet<ItemId>): ItemId[] {
  const ids = (items: Item[]) => items.map((item) => item.id);
  const inMine = new Set(ids(mine));
  const inTheirs = new Set(ids(theirs));
  const inBase = new Set(ids(base));
  const shared = (items: Item[]) =>
    ids(items).filter((id) => keep.has(id) && inBase.has(id) && inMine.has(id) && inTheirs.has(id));
  const baseOrder = shared(base);
  const movedFromBase = (items: Item[]) => shared(items).some((id, index) => id !== baseOrder[index]);
  const [leading, following] =
    movedFromBase(mine) && !movedFromBase(theirs) ? [mine, theirs] : [theirs, mine];
  const order = ids(leading).filter((id) => keep.has(id));
  const ordered = new Set(order);
  const followingIds = ids(following);
  const known = new Set(followingIds);
  const lastShared = followingIds.findLastIndex((id) => ordered.has(id));
  let predecessor: ItemId | undefined;
  followingIds.forEach((id, index) => {
    if (keep.has(id) && !ordered.has(id)) {
      let at = predecessor === undefined ? 0 : order.indexOf(predecessor) + 1;
      // Added at the end of its list, an item stays at the end, wherever the leading side moved its neighbour.
      if (index > lastShared) at = order.length;
      // The leading side's own additions right after that item stay together, ahead of the one placed now.
      while (at < order.length && !known.has(order[at] as ItemId)) at++;
      order.splice(at, 0, id);
      ordered.add(id);
    }
    if (ordered.has(id)) predecessor = id;
  });
  return order;
}

/**
 * Merges `mine` and `theirs` against their common ancestor. The merged document shares every unchanged part
 * with theirs (theirs itself when mine adds nothing); each conflict's provisional value is theirs.
 */
export function mergeJson(
  ancestor: Ancestor,
  mine: unknown,
  theirs: unknown,
  options: JsonMergeOptions,
): { merged: unknown; conflicts: JsonConflict[] } {
  const merger = new JsonMerger(options);
  const merged = merger.value(ancestor, mine, theirs, [], false);
  return { merged, conflicts: merger.conflicts };
}

/**
 * The document with the value at `path` replaced (undefined: the key or the item removed), copying only the
 * objects and lists on the way. An item missing from its list goes in at `insertAt` (clamped; the end without
 * it). A path through something the document no longer has changes nothing.
 */
export function withValueAt(document: unknown, path: JsonPath, value: unknown, insertAt?: number): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (Array.isArray(document)) {
    const index = document.findIndex((item) => isItem(item) && item.id === step);
    if (rest.length > 0)
      return index < 0 ? document : document.with(index, withValueAt(document[index], rest, value, insertAt));
    if (value === undefined)
      return index < 0 ? document : document.filter((_, position) => position !== index);
    if (index >= 0) return document.with(index, value);
    const at = Math.min(Math.max(insertAt ?? document.length, 0), document.length);
    return [...document.slice(0, at), value, ...document.slice(at)];
  }
  if (!isJsonObject(document)) return document;
  const key = String(step);
  if (rest.length > 0)
    return key in document
      ? { ...document, [key]: withValueAt(document[key], rest, value, insertAt) }
      : document;
  if (value !== undefined) return { ...document, [key]: value };
  if (!(key in document)) return document;
  const { [key]: _removed, ...others } = document;
  return others;
}
