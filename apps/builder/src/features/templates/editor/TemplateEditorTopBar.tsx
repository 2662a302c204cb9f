import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { PreviewButton } from '../../editor/PreviewButton';
import { useHasUnsavedChanges } from '../../editor/store/quizStoreHooks';
import { UnsavedChangesGuard } from '../../editor/UnsavedChangesGuard';
import { templatesQueryKeys } from '../templatesApi';
import { saveCurrentTemplate } from './saveCurrentTemplate';
import { useTemplateStore } from './templateStoreHooks';

export const TEMPLATES_PATH = '/templates';

/** Preview (the template's quiz, full screen), Save and Close (back to the template list). */
export function TemplateEditorTopBar({ editorPath }: { editorPath: string }) {
  const store = useTemplateStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isDirty = useHasUnsavedChanges();
  // A template is never deleted from its editor, so leaving is always checked.
  const leaveWithoutAsking = useRef(false);

  return (
    <>
      {isDirty && <span className="editor-frame__status">Unsaved changes</span>}
      <PreviewButton />
      <button
        type="button"
        className="button"
        // A save renames the template or changes what New Quiz offers: those lists load again when next shown.
        onClick={() =>
          saveCurrentTemplate(store).then(() =>
            queryClient.invalidateQueries({ queryKey: templatesQueryKeys.all }),
          )
        }
      >
        Save
      </button>
      {/* Leaving with unsaved changes is confirmed by the guard, whichever way the user leaves. */}
      <button type="button" className="button button--secondary" onClick={() => navigate(TEMPLATES_PATH)}>
        Close
      </button>
      <UnsavedChangesGuard editorPath={editorPath} leaveWithoutAsking={leaveWithoutAsking} />
    </>
  );
}
