import {
  saveTemplateEndpoint,
  TEMPLATE_NAME_REQUIRED_TEXT,
  TEMPLATE_SAVED_TEXT,
} from '@quizbeam/contracts/templates';
import { isApiError } from '../../../api/ApiError';
import { call } from '../../../api/apiClient';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../../ui/notifications/notificationStore';
import { failedOffline, SAVED_OFFLINE_TEXT } from '../../editor/offlineSave';
import { withConflictCheck } from '../../editor/revisionConflict';
import { documentToSave } from '../../editor/store/quizHistory';
import type { TemplateStore } from './templateStore';

/**
 * PUTs the whole template (its fields and its current quiz) over the revision last stored; the server's
 * answer becomes the saved version. A newer version saved elsewhere opens the same conflict dialog as a
 * quiz's: reload theirs or overwrite it.
 */
export async function saveCurrentTemplate(store: TemplateStore): Promise<void> {
  if (!store.getState().current.name.trim()) {
    showError(TEMPLATE_NAME_REQUIRED_TEXT);
    return;
  }
  const save = async () => {
    const state = store.getState();
    const template = documentToSave(state);
    store.markSaved(
      await call(saveTemplateEndpoint, { params: { id: template.id }, body: template }),
      state.current,
    );
    showSuccess(TEMPLATE_SAVED_TEXT);
  };
  try {
    await withConflictCheck(store, save);
  } catch (error) {
    // The changes stay in the store until a save is stored. A 400 names the field the server refused (an
    // unknown category, a quiz that is not valid).
    if (failedOffline(error)) showError(SAVED_OFFLINE_TEXT);
    else if (isApiError(error, 400)) showError(error.message);
    else showDefaultError(error);
  }
}
