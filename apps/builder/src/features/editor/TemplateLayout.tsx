import { useParams, useResolvedPath } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { TemplateEditorTopBar } from '../templates/editor/TemplateEditorTopBar';
import { TemplateStoreContext } from '../templates/editor/TemplateStoreContext';
import type { TemplateEditorStores } from '../templates/editor/templateStore';
import { useTemplateStoreLoader } from '../templates/editor/useTemplateStoreLoader';
import { loadTemplate } from '../templates/templatesApi';
import { EditorFrame, type EditorTab } from './EditorFrame';
import { RevisionConflictModal } from './RevisionConflictModal';
import { QuizStoreContext } from './store/QuizStoreContext';
import { useUndoRedoShortcuts } from './store/useUndoRedoShortcuts';

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
  const editorPath = useResolvedPath('.').pathname;
  useUndoRedoShortcuts(stores.quiz);
  const reloadTheirVersion = async () =>
    stores.template.replace(await loadTemplate(stores.template.getState().current.id));
  return (
    <TemplateStoreContext value={stores.template}>
      <QuizStoreContext value={stores.quiz}>
        <EditorFrame
          navigationLabel="Template editor"
          tabs={templateTabs}
          topBar={<TemplateEditorTopBar editorPath={editorPath} />}
        />
        <RevisionConflictModal title={TEMPLATE_CONFLICT_TITLE} reloadTheirVersion={reloadTheirVersion} />
      </QuizStoreContext>
    </TemplateStoreContext>
  );
}

export function TemplateLayout() {
  const { templateId = '' } = useParams();
  const load = useTemplateStoreLoader(templateId);
  switch (load.status) {
    case 'loading':
      // The loading overlay covers the screen meanwhile.
      return null;
    case 'not-found':
      return <NotFoundPage />;
    case 'failed':
      return <ServerErrorPage />;
    case 'ready':
      return <TemplateEditor key={templateId} stores={load.stores} />;
  }
}
