import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useEffect, useState } from 'react';
import { callWithoutOverlay, urlOf } from '../../../api/apiClient';
import { showSuccess } from '../../../ui/notifications/notificationStore';
import { hasUnsavedChanges, quizToSave } from '../store/quizHistory';
import type { QuizStore } from '../store/quizStore';
import { AutosaveController } from './autosaveController';

export const DRAFT_RESTORED_TEXT =
  'Changes you made on this device that were not saved yet have been restored.';

/** A save sent as the page closes: browsers cap such bodies at 64 KB; larger quizzes wait in the draft. */
const KEEPALIVE_BODY_LIMIT = 60_000;

const controllers = new WeakMap<QuizStore, AutosaveController>();

/** The autosave of the quiz editor showing this store, or undefined (the template editor saves by hand). */
export function autosaveOf(store: QuizStore): AutosaveController | undefined {
  return controllers.get(store);
}

/** Turns autosave on for the quiz editor's store while the editor is open. */
export function useAutosave(store: QuizStore): AutosaveController {
  const [controller] = useState(
    () =>
      new AutosaveController(store, {
        save: (quiz) => callWithoutOverlay(saveQuizEndpoint, { params: { id: quiz.id }, body: quiz }),
        load: (quizId) => callWithoutOverlay(getQuizEndpoint, { params: { id: quizId } }),
        isOnline: () => navigator.onLine,
      }),
  );

  useEffect(() => {
    controllers.set(store, controller);
    const { restoredDraft } = controller.start();
    if (restoredDraft) showSuccess(DRAFT_RESTORED_TEXT);

    const online = () => controller.retryNow();
    const hidden = () => {
      if (document.visibilityState === 'hidden') controller.keepDraftNow();
    };
    const leaving = () => {
      controller.keepDraftNow();
      saveAsPageCloses(store);
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      controller.stop();
      controllers.delete(store);
    };
  }, [store, controller]);

  return controller;
}

/**
 * The tab is closing with edits not saved yet: one last save the browser finishes after the page is gone.
 * Its answer is never read; the copy kept on this device covers a save that did not arrive.
 */
function saveAsPageCloses(store: QuizStore): void {
  const state = store.getState();
  if (!hasUnsavedChanges(state) || !state.current.name.trim()) return;
  const quiz = quizToSave(state);
  const body = JSON.stringify(quiz);
  if (body.length > KEEPALIVE_BODY_LIMIT) return;
  void fetch(urlOf(saveQuizEndpoint, { params: { id: quiz.id } }), {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body,
  }).catch(() => undefined);
}
