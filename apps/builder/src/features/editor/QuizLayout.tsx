import { useNavigate } from 'react-router';
import { useMe } from '../session/useMe';
import { EditorFrame, type EditorTab } from './EditorFrame';

const quizTabs: EditorTab[] = [
  { label: 'Configure', to: '.' },
  { label: 'Appearance', to: 'appearance' },
  { label: 'Outcomes', to: 'outcomes' },
  { label: 'Start Page', to: 'start-page' },
  { label: 'Questions', to: 'questions' },
  { label: 'Capture Form', to: 'capture-form' },
  { label: 'Scripts', to: 'scripts' },
  { label: 'Publish', to: 'publish' },
];
const analyticsTab: EditorTab = { label: 'Analytics', to: 'analytics' };

export function QuizLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const tabs = me.account.permissions.isLimited ? quizTabs : [...quizTabs, analyticsTab];
  // Preview, Save and Delete need the quiz editor, which a later feature brings.
  return (
    <EditorFrame
      navigationLabel="Quiz editor"
      tabs={tabs}
      topBar={
        <>
          <button type="button" className="button button--secondary" disabled>
            Preview
          </button>
          <button type="button" className="button" disabled>
            Save
          </button>
          <button type="button" className="button button--danger" disabled>
            Delete
          </button>
          <button type="button" className="button button--secondary" onClick={() => navigate('/')}>
            Close
          </button>
        </>
      }
    />
  );
}
