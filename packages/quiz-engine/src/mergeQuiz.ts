import type { Quiz } from '@quizbeam/contracts/quiz';
import { withAddedIdsMoved } from './mergeAddedIds';
import { type JsonMergeOptions, type JsonPath, mergeJson, sameJson, withValueAt } from './mergeJson';
import { conflictLabel } from './mergeLabels';
import { repairMergedQuiz, withReferencesClearedTo } from './mergeRepair';

/*
 * Two saves of one quiz made from the same revision (two tabs, two people): what each changed is kept, and
 * only the same field changed differently on both sides needs the marketer's choice.
 */

export interface MergeConflict {
  /** JSON path of the conflicting value, e.g. ['questions', 12, 'text'] (list items by their id). */
  path: JsonPath;
  /** What the marketer reads, e.g. 'Question 2 ("Which roast?") › Question text', 'Quiz name'. */
  label: string;
  /** The value in mine (undefined when mine deleted the item). */
  mine: unknown;
  /** The value in theirs (undefined when theirs deleted the item). */
  theirs: unknown;
  /** An item theirs deleted and mine changed: its position in mine's list, where choosing mine puts it back. */
  mineIndex?: number;
}

export interface MergeResult {
  /**
   * Each side's changes, theirs' value wherever there is a conflict. The schema takes it unless both sides'
   * additions together pass a list's size limit (or the answers' limit of a type one side chose): the caller
   * checks it with the schema like any save.
   */
  merged: Quiz;
  conflicts: MergeConflict[];
}

export type ConflictChoice = 'mine' | 'theirs';

const COUNTERS: ReadonlySet<string> = new Set(['nextId', 'revision']);

const MERGE_OPTIONS: JsonMergeOptions = {
  // Ranks follow the merged order and the counters are set afterwards; neither is a marketer's change.
  ignoredKeys: new Set(['rank', ...COUNTERS]),
  // Objects whose parts only make sense together: half of one flow rule or image with half of another, or a
  // minimum from one side above a maximum from the other, would be a value nobody chose.
  atomicKeys: new Set([
    'next',
    'image',
    'backgroundImage',
    'socialShareImage',
    'placement',
    'selection',
    'number',
    'htmlFormSettings',
  ]),
};

/**
 * Each result's merge before its repair: resolving from it keeps what the repair cleared only because its
 * target was provisionally gone (choosing mine for an outcome theirs deleted brings back the answers' links
 * to it). A result that lost its identity (sent as JSON) resolves from `merged`, which is merely less kind.
 */
const unrepairedMerges = new WeakMap<MergeResult, Quiz>();

/**
 * Merges two edited versions of one quiz against their common ancestor. A field changed on one side takes
 * that side's value; changed on both to different values, it is a conflict and `merged` holds theirs until
 * `resolveConflicts`. Questions, answers, outcomes, categories and capture form fields merge by id (additions
 * on both sides kept, mine's new ids renumbered when they clash with theirs; see `withAddedIdsMoved`), other
 * lists as one value. What a side's removals cleared elsewhere is not an edit of its own. Ranks are
 * renumbered, references to what one side deleted are cleared as the editor clears them, `nextId` is the
 * highest counter and `revision` theirs'. Identical sides: theirs itself.
 */
export function mergeQuiz(base: Quiz, mine: Quiz, theirs: Quiz): MergeResult {
  if (mine === theirs) return { merged: theirs, conflicts: [] };
  // Checked before mine's new ids move: the same additions on both sides are then one and the same.
  if (sameJson(mine, theirs, COUNTERS)) {
    const merged = mine.nextId > theirs.nextId ? { ...theirs, nextId: mine.nextId } : theirs;
    return { merged, conflicts: [] };
  }
  const movedMine = withAddedIdsMoved(base, mine, theirs);
  const ancestor = {
    base,
    forMine: withReferencesClearedTo(base, movedMine),
    forTheirs: withReferencesClearedTo(base, theirs),
  };
  const { merged: mergedDocument, conflicts } = mergeJson(ancestor, movedMine, theirs, MERGE_OPTIONS);
  const nextId = Math.max(base.nextId, movedMine.nextId, theirs.nextId);
  if (mergedDocument === theirs && conflicts.length === 0 && nextId === theirs.nextId)
    return { merged: theirs, conflicts: [] };
  const unrepaired: Quiz = { ...(mergedDocument as Quiz), nextId, revision: theirs.revision };
  const merged = repairMergedQuiz(unrepaired);
  const result: MergeResult = {
    merged,
    conflicts: conflicts.map((conflict) => ({
      path: conflict.path,
      label: conflictLabel(conflict, { base, merged, mine: movedMine }),
      mine: conflict.mine,
      theirs: conflict.theirs,
      ...(conflict.mineIndex !== undefined && { mineIndex: conflict.mineIndex }),
    })),
  };
  unrepairedMerges.set(result, unrepaired);
  return result;
}

/**
 * Applies the marketer's choices, one per conflict in order: 'theirs' keeps the merged value, 'mine' puts
 * mine's in (or removes the item mine deleted, or puts back the item theirs deleted). The quiz is then made
 * consistent again as `mergeQuiz` makes it. Throws when there is not exactly one choice per conflict.
 */
export function resolveConflicts(result: MergeResult, choices: readonly ConflictChoice[]): Quiz {
  if (choices.length !== result.conflicts.length)
    throw new RangeError(`Expected ${result.conflicts.length} choices, got ${choices.length}.`);
  if (!choices.includes('mine')) return result.merged;
  let document: unknown = unrepairedMerges.get(result) ?? result.merged;
  result.conflicts.forEach((conflict, index) => {
    if (choices[index] === 'mine')
      document = withValueAt(document, conflict.path, conflict.mine, conflict.mineIndex);
  });
  return repairMergedQuiz(document as Quiz);
}
