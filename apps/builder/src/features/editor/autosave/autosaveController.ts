import { QUIZ_NAME_REQUIRED_TEXT, type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { type MergeResult, mergeQuiz, resolveConflicts } from '@quizbeam/quiz-engine/mergeQuiz';
import { isApiError } from '../../../api/ApiError';
import { staleRevisionOf } from '../revisionConflict';
import { hasUnsavedChanges, quizToSave } from '../store/quizHistory';
import type { QuizStore } from '../store/quizStore';
import { forgetDraft, keepDraft, readDraft } from './localDraft';

/**
 * Both sides' changes together make a quiz the rules refuse (say, more questions than allowed): then the
 * choice is between the two whole versions.
 */
function wholeQuizConflict(mine: Quiz, theirs: Quiz): MergeResult {
  return {
    merged: theirs,
    conflicts: [{ path: [], label: 'The whole quiz (the two versions cannot be combined)', mine, theirs }],
  };
}

function chosenQuiz(result: MergeResult, choices: ('mine' | 'theirs')[], mine: Quiz, theirs: Quiz): Quiz {
  if (result.conflicts.length > 0) {
    const resolved = resolveConflicts(result, choices);
    if (quizSchema.safeParse(resolved).success) return resolved;
  }
  return choices[0] === 'mine' ? { ...mine, revision: theirs.revision } : theirs;
}

/** A moment after the last change: a pause in typing, not every keystroke. */
export const AUTOSAVE_DELAY_MS = 1500;
/** Typing without pause still saves this often, so a crash loses little. */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;
/** When the server could not be reached: tried again this often, and at once when the browser is back online. */
export const AUTOSAVE_RETRY_MS = 5000;
/** The copy kept in this browser is written this long after the last change (off the keystroke's path). */
export const DRAFT_DELAY_MS = 400;

export type AutosaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'failed' | 'conflict';

export interface AutosaveStatus {
  state: AutosaveState;
  /** Why the last save failed ('failed'). */
  message?: string;
  /** What the last failed save threw, for the Save button to report as it always has. */
  error?: unknown;
}

export const UNREACHABLE_TEXT = "Quizbeam can't be reached right now. Your changes are kept on this device.";

/** Both tabs or people changed the same fields: the marketer chooses, per field, which value stays. */
export interface MergeConflictChoice {
  result: MergeResult;
  resolve: (choices: ('mine' | 'theirs')[]) => void;
}

export interface AutosaveDeps {
  save: (quiz: Quiz) => Promise<Quiz>;
  load: (quizId: string) => Promise<Quiz>;
  isOnline: () => boolean;
}

type Listener = () => void;

/**
 * Saves the quiz editor's changes by itself: a moment after the marketer stops typing, at most one save in
 * flight (the store runs saves one after another), a copy of unsaved edits kept in this browser until the
 * server has them, and a save another tab or person made meanwhile merged in (three-way, against the
 * revision both started from) instead of refused.
 */
export class AutosaveController {
  private status: AutosaveStatus = { state: 'saved' };
  private mergeConflict: MergeConflictChoice | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  private firstUnsavedAt: number | null = null;
  private readonly listeners = new Set<Listener>();
  private unsubscribe: (() => void) | null = null;
  private lastSeen: unknown = null;

  constructor(
    private readonly store: QuizStore,
    private readonly deps: AutosaveDeps,
  ) {}

  get quizId(): string {
    return this.store.getState().current.id;
  }

  getStatus = (): AutosaveStatus => this.status;
  getMergeConflict = (): MergeConflictChoice | null => this.mergeConflict;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts watching the store; edits kept in this browser from an earlier visit are brought back first. */
  start(): { restoredDraft: boolean } {
    const restoredDraft = this.restoreDraft();
    this.lastSeen = this.store.getState().current;
    this.unsubscribe = this.store.subscribe(() => this.onStoreChange());
    if (restoredDraft) this.changed();
    return { restoredDraft };
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimers();
    this.keepDraftNow();
  }

  /** The quiz is gone (deleted): nothing more is saved or kept for it. */
  discard(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clearTimers();
    this.mergeConflict = null;
    forgetDraft(this.quizId);
  }

  /** Saves at once (the Save button, leaving the editor); true when the server has every change. */
  saveNow(): Promise<boolean> {
    this.clearSaveTimer();
    return this.store.runExclusive(() => this.saveOnce());
  }

  /** The page is going away: keep what is unsaved here; it is saved on the next visit if not before. */
  keepDraftNow(): void {
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = null;
    const { saved, current } = this.store.getState();
    if (hasUnsavedChanges(this.store.getState())) keepDraft(this.quizId, { base: saved, current });
    else forgetDraft(this.quizId);
  }

  /** The browser is back online: what waited is saved now. */
  retryNow(): void {
    if (this.status.state === 'offline' || this.status.state === 'pending') void this.saveNow();
  }

  /** Another tab or person saved a newer revision: bring it in, merged with the edits made here. */
  catchUp(revision: number): Promise<void> {
    return this.store.runExclusive(async () => {
      if (revision <= this.store.getState().saved.revision || this.mergeConflict) return;
      const theirs = await this.deps.load(this.quizId);
      if (theirs.revision <= this.store.getState().saved.revision) return;
      await this.mergeWith(theirs);
    });
  }

  private onStoreChange(): void {
    const { saved, current } = this.store.getState();
    // Conflicts also notify; only a new document is a change to save.
    if (current === this.lastSeen && saved !== current) return;
    this.lastSeen = current;
    if (saved === current) {
      // Stored by a save, or by a Publish: nothing is left to save.
      if (this.status.state === 'saving' || this.mergeConflict) return;
      this.clearSaveTimer();
      this.saved();
      return;
    }
    this.changed();
  }

  private changed(): void {
    if (this.mergeConflict) return;
    this.firstUnsavedAt ??= Date.now();
    this.scheduleDraft();
    const waited = Date.now() - this.firstUnsavedAt;
    this.scheduleSave(Math.max(0, Math.min(AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS - waited)));
    if (this.status.state !== 'saving' && this.status.state !== 'offline')
      this.setStatus({ state: 'pending' });
  }

  private scheduleSave(delay: number): void {
    this.clearSaveTimer();
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.store.runExclusive(() => this.saveOnce());
    }, delay);
  }

  private scheduleDraft(): void {
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.keepDraftNow(), DRAFT_DELAY_MS);
  }

  private async saveOnce(): Promise<boolean> {
    if (this.mergeConflict) return false;
    const state = this.store.getState();
    if (!hasUnsavedChanges(state)) {
      this.saved();
      return true;
    }
    if (!state.current.name.trim()) {
      this.setStatus({ state: 'failed', message: QUIZ_NAME_REQUIRED_TEXT });
      return false;
    }
    this.setStatus({ state: 'saving' });
    try {
      this.store.markSaved(await this.deps.save(quizToSave(state)), state.current);
    } catch (error) {
      return this.failed(error);
    }
    if (hasUnsavedChanges(this.store.getState())) {
      // Typed while the save was under way: those changes go in the next one.
      this.setStatus({ state: 'pending' });
      this.firstUnsavedAt = Date.now();
      this.scheduleSave(AUTOSAVE_DELAY_MS);
      return false;
    }
    this.saved();
    return true;
  }

  private saved(): void {
    this.firstUnsavedAt = null;
    forgetDraft(this.quizId);
    this.setStatus({ state: 'saved' });
  }

  private async failed(error: unknown): Promise<boolean> {
    if (staleRevisionOf(error)) {
      try {
        const merged = await this.mergeWith(await this.deps.load(this.quizId));
        return merged ? this.saveOnce() : false;
      } catch (loadError) {
        return this.failed(loadError);
      }
    }
    this.keepDraftNow();
    if (isApiError(error, 0)) {
      // No answer: offline, or the server is away. Everything stays here and goes when it is back.
      this.setStatus(
        this.deps.isOnline()
          ? { state: 'failed', message: UNREACHABLE_TEXT, error }
          : { state: 'offline', error },
      );
      this.scheduleSave(AUTOSAVE_RETRY_MS);
      return false;
    }
    // A refusal (a field the server rejects, a quiz too large) stays until the marketer changes something.
    const refused = isApiError(error, 400) || isApiError(error, 413);
    this.setStatus({ state: 'failed', message: refused ? error.message : undefined, error });
    if (!refused) this.scheduleSave(AUTOSAVE_RETRY_MS * 6);
    return false;
  }

  /**
   * Merges the edits here into `theirs`. Returns true when they merged by themselves; otherwise the
   * marketer is asked (`getMergeConflict`) and the save waits for the answer.
   */
  private async mergeWith(theirs: Quiz): Promise<boolean> {
    const { saved, current } = this.store.getState();
    if (!hasUnsavedChanges(this.store.getState())) {
      this.store.rebase(theirs, theirs);
      this.lastSeen = theirs;
      this.saved();
      return true;
    }
    const result = mergeQuiz(saved, current, theirs);
    if (result.conflicts.length === 0 && quizSchema.safeParse(result.merged).success) {
      this.applyMerge(theirs, result.merged);
      return true;
    }
    this.clearSaveTimer();
    this.mergeConflict = {
      result: result.conflicts.length > 0 ? result : wholeQuizConflict(current, theirs),
      resolve: (choices) => {
        this.mergeConflict = null;
        this.applyMerge(theirs, chosenQuiz(result, choices, current, theirs));
        void this.saveNow();
      },
    };
    this.setStatus({ state: 'conflict' });
    return false;
  }

  private applyMerge(theirs: Quiz, merged: Quiz): void {
    this.store.rebase(theirs, merged);
    this.lastSeen = merged;
    this.keepDraftNow();
  }

  /** Unsaved edits kept in this browser by an earlier visit, merged into the quiz as the server has it now. */
  private restoreDraft(): boolean {
    const draft = readDraft(this.quizId);
    if (!draft) return false;
    const serverQuiz = this.store.getState().saved;
    const result = mergeQuiz(draft.base, draft.current, serverQuiz);
    if (
      !hasUnsavedChanges({
        saved: serverQuiz,
        current: result.merged,
        past: [],
        future: [],
        coalesceKey: null,
      })
    ) {
      forgetDraft(this.quizId);
      return false;
    }
    if (result.conflicts.length === 0 && quizSchema.safeParse(result.merged).success) {
      this.store.rebase(serverQuiz, result.merged);
      return true;
    }
    this.mergeConflict = {
      result: result.conflicts.length > 0 ? result : wholeQuizConflict(draft.current, serverQuiz),
      resolve: (choices) => {
        this.mergeConflict = null;
        this.applyMerge(serverQuiz, chosenQuiz(result, choices, draft.current, serverQuiz));
        this.changed();
      },
    };
    this.setStatus({ state: 'conflict' });
    return true;
  }

  private setStatus(status: AutosaveStatus): void {
    if (
      status.state === this.status.state &&
      status.message === this.status.message &&
      status.error === this.status.error
    )
      return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  private clearSaveTimer(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  private clearTimers(): void {
    this.clearSaveTimer();
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = null;
  }
}
