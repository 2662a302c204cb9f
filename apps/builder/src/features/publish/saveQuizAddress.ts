import { changeQuizAddressEndpoint, type QuizAddress } from '@quizbeam/contracts/quizAddress';
import { call } from '../../api/apiClient';
import type { QuizStore } from '../editor/store/quizStore';

/**
 * Saves the quiz's path. The server changes nothing else and keeps the revision, so the editor takes the new
 * path as saved without a save of its own; the quiz being edited takes it too when it has nothing unsaved.
 * It waits for a save under way (and a save waits for it), so neither answer replaces the other's path.
 */
export function saveQuizAddress(store: QuizStore, path: string): Promise<QuizAddress> {
  return store.runExclusive(async () => {
    const quizId = store.getState().saved.id;
    const address = await call(changeQuizAddressEndpoint, { params: { id: quizId }, body: { path } });
    const state = store.getState();
    const saved = { ...state.saved, publishedId: address.publishedId };
    // markSaved makes the saved quiz the current one only when the current one is the one passed as sent.
    store.markSaved(saved, store.hasUnsavedChanges() ? saved : state.current);
    return address;
  });
}
