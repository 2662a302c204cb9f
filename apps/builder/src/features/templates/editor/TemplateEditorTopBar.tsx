import { listTemplatesEndpoint } from '@quizbeam/contracts/templates';
import { useQueryClient } from '@tanstack/react-query';
import { endpointsUnderKey } from '../../../api/endpointKey';
import { EditorTopBar } from '../../editor/layout/EditorTopBar';
import { saveCurrentTemplate } from './saveCurrentTemplate';
import { useTemplateStore } from './templateStoreHooks';

export const TEMPLATES_PATH = '/templates';

/** Preview (the template's quiz, full screen), Save and Close (back to the template list). */
export function TemplateEditorTopBar() {
  const store = useTemplateStore();
  const queryClient = useQueryClient();
  return (
    <EditorTopBar
      closePath={TEMPLATES_PATH}
      // A save renames the template or changes what New Quiz offers: those lists load again when next shown.
      onSave={() =>
        saveCurrentTemplate(store).then(() =>
          // Everything under the templates' path: the admins' list, New Quiz's table and its previews.
          queryClient.invalidateQueries({ queryKey: endpointsUnderKey(listTemplatesEndpoint.path) }),
        )
      }
    />
  );
}
