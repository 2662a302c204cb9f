import { useParams, useResolvedPath } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ServerErrorPage } from '../errors/ServerErrorPage';
import { useMe } from '../session/useMe';
import { EditorFrame, type EditorTab } from './EditorFrame';
import { QuizEditorTopBar } from './QuizEditorTopBar';
import { RevisionConflictModal } from './RevisionConflictModal';
import { QuizStoreContext } from './store/QuizStoreContext';
import type { QuizStore } from './store/quizStore';
import { useUndoRedoShortcuts } from './store/useUndoRedoShortcuts';
import { useQuizStoreLoader } from './useQuizStoreLoader';

const quizTabs: EditorTab[] = [
  { label: 'Configure', to: '.' },
  { label: 'Appearance', to: 'appearance' },
  { label: 'Outcomes', to: 'outcomes' },
  { label: 'Start Page', to: 'start-page' },
  { label: 'Questions', to: 'questions' },
  { label: 'Capture Form', to: 'capture-form' },
  { label: 'Scripts', to: 'scripts' },
  { label: 'Publish', to: 'publish' },
  { label: 'Leads', to: 'leads' },
];
const analyticsTab: EditorTab = { label: 'Analytics', to: 'analytics' };

function QuizEditor({ store }: { store: QuizStore }) {
  const me = useMe();
  const editorPath = useResolvedPath('.').pathname;
  useUndoRedoShortcuts(store);
  const tabs = me.account.permissions.isLimited ? quizTabs : [...quizTabs, analyticsTab];
  return (
    <QuizStoreContext value={store}>
      <EditorFrame
        navigationLabel="Quiz editor"
        tabs={tabs}
        topBar={<QuizEditorTopBar editorPath={editorPath} />}
      />
      <RevisionConflictModal />
    </QuizStoreContext>
  );
}

export function QuizLayout() {
  const { quizId = '' } = useParams();
  const load = useQuizStoreLoader(quizId);
  switch (load.status) {
    case 'loading':
      // The loading overlay covers the screen meanwhile.
      return null;
    case 'not-found':
      return <NotFoundPage />;
    case 'failed':
      return <ServerErrorPage />;
    case 'ready':
      return <QuizEditor key={quizId} store={load.store} />;
  }
}
