import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { patchQuestion } from './questionActions';
import type { QuestionSettings } from './useQuestionSettings';
import './ValueSettings.css';

const lengthOptions = [
  { value: 'short' as const, label: 'Short (one line)' },
  { value: 'long' as const, label: 'Long (several lines)' },
];

/** A text question: short or long, and whether the visitor may leave it empty. It gives no points. */
export function TextAnswerSettings({ question }: { question: QuestionSettings }) {
  const dispatch = useQuizDispatch();
  return (
    <>
      <h2 className="item-editor__section-title">Answer</h2>
      <Dropdown
        label="Answer length"
        searchable={false}
        options={lengthOptions}
        value={question.multiline ? 'long' : 'short'}
        onChange={(length) => dispatch(patchQuestion(question.id, () => ({ multiline: length === 'long' })))}
      />
      <label className="settings-check">
        <input
          type="checkbox"
          checked={question.optional === true}
          onChange={(event) =>
            dispatch(patchQuestion(question.id, () => ({ optional: event.target.checked })))
          }
        />
        Optional: visitors may leave it empty
      </label>
      <p className="item-editor__note">
        Visitors type their own answer. It is kept with their lead and in the responses; it gives no points
        and counts toward no outcome.
      </p>
    </>
  );
}
