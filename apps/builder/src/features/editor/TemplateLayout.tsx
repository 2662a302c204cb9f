import { useNavigate } from 'react-router';
import { EditorFrame, type EditorTab } from './EditorFrame';

const templateTabs: EditorTab[] = [
  { label: 'Configure', to: '.' },
  { label: 'Outcomes', to: 'outcomes' },
  { label: 'Start Page', to: 'start-page' },
  { label: 'Questions', to: 'questions' },
];

export function TemplateLayout() {
  const navigate = useNavigate();
  // Preview and Save need the template editor, which a later feature brings.
  return (
    <EditorFrame
      navigationLabel="Template editor"
      tabs={templateTabs}
      topBar={
        <>
          <button type="button" className="button button--secondary" disabled>
            Preview
          </button>
          <button type="button" className="button" disabled>
            Save
          </button>
          <button type="button" className="button button--secondary" onClick={() => navigate('/templates')}>
            Close
          </button>
        </>
      }
    />
  );
}
