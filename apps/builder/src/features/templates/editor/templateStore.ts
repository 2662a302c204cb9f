import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Template } from '@quizbeam/contracts/templates';
import type { EditHistory, QuizHistory } from '../../editor/store/quizHistory';
import { createEditStore, type EditStore, type QuizStore } from '../../editor/store/quizStore';

/** The whole template being edited: its own fields and its quiz, under one undo history. */
export type TemplateStore = EditStore<Template>;

export interface TemplateEditorStores {
  template: TemplateStore;
  /** The template's quiz, for the quiz editor's own tabs (Outcomes, Start Page, Questions) and Preview. */
  quiz: QuizStore;
}

/**
 * One store holds the whole template, so Ctrl+Z undoes the last edit whichever screen made it, and the
 * unsaved-changes check sees the template's fields as well as its quiz.
 */
export function createTemplateEditorStores(template: Template): TemplateEditorStores {
  const store = createEditStore(template);
  return { template: store, quiz: quizStoreOf(store) };
}

const withQuiz = (template: Template, quiz: Quiz): Template =>
  quiz === template.quiz ? template : { ...template, quiz };

function quizHistoryOf(history: EditHistory<Template>): QuizHistory {
  return {
    saved: history.saved.quiz,
    current: history.current.quiz,
    past: history.past.map((template) => template.quiz),
    future: history.future.map((template) => template.quiz),
    coalesceKey: history.coalesceKey,
  };
}

/**
 * The template's quiz seen as a quiz store: the tabs read and change it as they do a quiz, and every
 * change, undo and conflict goes to the template's store.
 */
export function quizStoreOf(templates: TemplateStore): QuizStore {
  // The same history gives the same object, so selectors reading the state stay stable between changes.
  let projection: { of: EditHistory<Template>; history: QuizHistory } | null = null;
  function getState(): QuizHistory {
    const history = templates.getState();
    if (projection?.of !== history) projection = { of: history, history: quizHistoryOf(history) };
    return projection.history;
  }
  return {
    getState,
    subscribe: templates.subscribe,
    dispatch: (change, options) =>
      templates.dispatch((template) => withQuiz(template, change(template.quiz)), options),
    undo: templates.undo,
    redo: templates.redo,
    // The template editor saves and reloads the whole template; the quiz alone only ever replaces the quiz
    // of the template as last saved, keeping its fields, and the edits stay unless nothing was edited.
    markSaved: (stored) => {
      const { saved } = templates.getState();
      templates.markSaved(withQuiz(saved, stored), saved);
    },
    replace: (quiz) => templates.replace(withQuiz(templates.getState().saved, quiz)),
    adoptRevision: templates.adoptRevision,
    rebase: (theirs, merged) => {
      const { saved, current } = templates.getState();
      templates.rebase(withQuiz(saved, theirs), withQuiz(current, merged));
    },
    runExclusive: templates.runExclusive,
    getConflict: templates.getConflict,
    setConflict: templates.setConflict,
    hasUnsavedChanges: templates.hasUnsavedChanges,
  };
}
