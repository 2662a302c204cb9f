import { useParams } from 'react-router';
import { useMe } from '../session/useMe';
import { useAutosave } from './autosave/useAutosave';
import type { EditorTab } from './EditorFrame';
import { EditorLayout } from './layout/EditorLayout';
import { EditorLoadFallback } from './layout/EditorLoadFallback';
import { QuizEditorTopBar } from './QuizEditorTopBar';
import type { QuizStore } from './store/quizStore';
import { useQuizStoreLoader } from './useQuizStoreLoader';

const quizTabs: EditorTab[] = [
  { label: 'Configure', to: '.' },
  { label: 'Appearance', to: 'appearance' },
  { label: 'Language', to: 'language' },
  { label: 'Outcomes', to: 'outcomes' },
  { label: 'Start Page', to: 'start-page' },
  { label: 'Questions', to: 'questions' },
  { label: 'Capture Form', to: 'capture-form' },
  { label: 'Scripts', to: 'scripts' },
  { label: 'Tracking', to: 'tracking' },
  { label: 'Publish', to: 'publish' },
  { label: 'Leads', to: 'leads' },
];
const analyticsTab: EditorTab = { label: 'Analytics', to: 'analytics' };

function QuizEditor({ store }: { store: QuizStore }) {
  const me = useMe();
  const tabs = me.account.permissions.isLimited ? quizTabs : [...quizTabs, analyticsTab];
  const autosave = useAutosave(store);
  return (
    <EditorLayout
      navigationLabel="Quiz editor"
      tabs={tabs}
      quizStore={store}
      topBar={<QuizEditorTopBar autosave={autosave} />}
    />
  );
}

export function QuizLayout() {
  const { quizId = '' } = useParams();
  const load = useQuizStoreLoader(quizId);
  if (load.status !== 'ready') return <EditorLoadFallback status={load.status} />;
  return <QuizEditor key={quizId} store={load.store} />;
}
