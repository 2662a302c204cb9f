import { RichTextField } from '../../../ui/richText/RichTextField';
import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { EditorTabCard } from '../EditorTabCard';
import { setQuizFields } from '../store/quizActions';
import { useQuiz, useQuizDispatch } from '../store/quizStoreHooks';

export const START_PAGE_NOTE = 'The start page is a title page that visitors see before the first question.';

export function StartPageTab() {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const isDisabled = !quiz.startPage.enabled;
  return (
    <EditorTabCard title="Start Page">
      <p className="editor-tab-card__note">{START_PAGE_NOTE}</p>
      <Toggle
        label="Use Start Page"
        checked={quiz.startPage.enabled}
        onChange={(enabled) => dispatch(setQuizFields({ startPage: { enabled } }))}
      />
      <TextInputField
        label="Title"
        value={quiz.title}
        disabled={isDisabled}
        onChange={(title) => dispatch(setQuizFields({ title }), { coalesceKey: 'start-page-title' })}
      />
      <RichTextField
        label="Description"
        value={quiz.description}
        disabled={isDisabled}
        onChange={(description) =>
          dispatch(setQuizFields({ description }), { coalesceKey: 'start-page-description' })
        }
      />
      <TextInputField
        label="Button Text"
        value={quiz.cta}
        disabled={isDisabled}
        onChange={(cta) => dispatch(setQuizFields({ cta }), { coalesceKey: 'start-page-cta' })}
      />
    </EditorTabCard>
  );
}
