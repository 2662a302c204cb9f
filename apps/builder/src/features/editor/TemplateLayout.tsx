import { getTemplateEndpoint } from '@quizbeam/contracts/templates';
import { useParams } from 'react-router';
import { call } from '../../api/apiClient';
import { TemplateEditorTopBar } from '../templates/editor/TemplateEditorTopBar';
import { TemplateStoreContext } from '../templates/editor/TemplateStoreContext';
import type { TemplateEditorStores } from '../templates/editor/templateStore';
import { useTemplateStoreLoader } from '../templates/editor/useTemplateStoreLoader';
import type { EditorTab } from './EditorFrame';
import { EditorLayout } from './layout/EditorLayout';
import { EditorLoadFallback } from './layout/EditorLoadFallback';

export const TEMPLATE_CONFLICT_TITLE = 'This template changed since you opened it';

const templateTabs: EditorTab[] = [
  { label: 'Configure', to: '.' },
  { label: 'Outcomes', to: 'outcomes' },
  { label: 'Start Page', to: 'start-page' },
  { label: 'Questions', to: 'questions' },
];

/**
 * The quiz editor's frame and tabs over a template: the Outcomes, Start Page and Questions tabs edit the
 * template's quiz through the quiz store, Configure the template's own fields; one history covers both.
 */
function TemplateEditor({ stores }: { stores: TemplateEditorStores }) {
  const reloadTheirVersion = async () =>
    stores.template.replace(
      await call(getTemplateEndpoint, { params: { id: stores.template.getState().current.id } }),
    );
  return (
    <TemplateStoreContext value={stores.template}>
      <EditorLayout
        navigationLabel="Template editor"
        tabs={templateTabs}
        quizStore={stores.quiz}
        topBar={<TemplateEditorTopBar />}
        conflict={{ title: TEMPLATE_CONFLICT_TITLE, reloadTheirVersion }}
      />
    </TemplateStoreContext>
  );
}

export function TemplateLayout() {
  const { templateId = '' } = useParams();
  const load = useTemplateStoreLoader(templateId);
  if (load.status !== 'ready') return <EditorLoadFallback status={load.status} />;
  return <TemplateEditor key={templateId} stores={load.stores} />;
}
