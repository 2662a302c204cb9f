import { type StaleRevisionBody, staleRevisionBodySchema } from '@quizbeam/contracts/quizEndpoints';
import { isApiError } from '../../api/ApiError';
import type { EditStore } from './store/quizStore';

/** The 409 of a save or publish over a revision another save replaced, or null for any other failure. */
export function staleRevisionOf(error: unknown): StaleRevisionBody | null {
  if (!isApiError(error, 409)) return null;
  const parsed = staleRevisionBodySchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/**
 * Runs a save or publish; when the server refuses it because the quiz (or template) changed elsewhere, the
 * editor asks what to do (RevisionConflictModal) instead of failing. Returns whether it went through.
 */
export async function withConflictCheck(
  store: Pick<EditStore<unknown>, 'setConflict' | 'adoptRevision'>,
  attempt: () => Promise<void>,
): Promise<boolean> {
  try {
    await attempt();
    return true;
  } catch (error) {
    const stale = staleRevisionOf(error);
    if (!stale) throw error;
    store.setConflict({
      stale,
      retry: async () => {
        store.adoptRevision(stale.revision);
        store.setConflict(null);
        await withConflictCheck(store, attempt);
      },
    });
    return false;
  }
}
