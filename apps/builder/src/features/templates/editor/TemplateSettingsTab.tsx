import { QUIZ_NAME_MAX_LENGTH } from '@quizbeam/contracts/quiz';
import {
  MAX_POINT_OF_QUIZ,
  MAX_TEMPLATE_DESCRIPTION,
  TEMPLATE_NAME_REQUIRED_TEXT,
} from '@quizbeam/contracts/templates';
import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { EditorTabCard } from '../../editor/EditorTabCard';
import { formatCount, QUIZ_TYPE_LABELS } from '../../quizzes/quizLabels';
import { CategoryDropdown } from '../CategoryDropdown';
import { useTemplateCategories } from '../useTemplateCategories';
import { renameTemplate, setTemplateFields } from './templateActions';
import { useTemplateDispatch, useTemplateSelector } from './templateStoreHooks';
import '../../editor/configure/QuizTypeDisplay.css';

export const TEMPLATE_TYPE_FIXED_TEXT = 'Set when the template was created; it can’t be changed.';
export const POINT_OF_QUIZ_PLACEHOLDER = 'Recommend the right plan and capture the lead';

const tooLongText = (max: number) => `Use at most ${formatCount(max)} characters.`;
const lengthError = (text: string, max: number) => (text.length > max ? tooLongText(max) : null);

/** The template editor's Configure tab: what only a template has; its quiz is edited in the other tabs. */
export function TemplateSettingsTab() {
  return (
    <EditorTabCard title="Edit Template">
      <TemplateNameField />
      <TemplateTypeDisplay />
      <TemplateCategoryField />
      <TemplateTextFields />
      <TemplateOfferToggles />
    </EditorTabCard>
  );
}

function TemplateNameField() {
  const name = useTemplateSelector((template) => template.name);
  const dispatch = useTemplateDispatch();
  return (
    <TextInputField
      label="Template Name"
      value={name}
      onChange={(next) => dispatch(renameTemplate(next), { coalesceKey: 'template-name' })}
      required
      maxLength={QUIZ_NAME_MAX_LENGTH}
      errorMessage={name.trim() ? null : TEMPLATE_NAME_REQUIRED_TEXT}
    />
  );
}

/** Shown as text, never as a field: the type decides how answers work, so it is fixed at creation. */
function TemplateTypeDisplay() {
  const type = useTemplateSelector((template) => template.type);
  return (
    <dl className="read-only-setting">
      <dt className="field__label">Template Type</dt>
      <dd className="read-only-setting__value">{QUIZ_TYPE_LABELS[type]}</dd>
      <dd className="read-only-setting__hint">{TEMPLATE_TYPE_FIXED_TEXT}</dd>
    </dl>
  );
}

function TemplateCategoryField() {
  const categoryId = useTemplateSelector((template) => template.categoryId);
  const categories = useTemplateCategories();
  const dispatch = useTemplateDispatch();
  return (
    <CategoryDropdown
      label="Template Category"
      categories={categories}
      value={categoryId}
      onChange={(next) => dispatch(setTemplateFields({ categoryId: next }))}
    />
  );
}

function TemplateTextFields() {
  const description = useTemplateSelector((template) => template.description);
  const pointOfQuiz = useTemplateSelector((template) => template.pointOfQuiz);
  const dispatch = useTemplateDispatch();
  return (
    <>
      <TextInputField
        label="Description"
        multiline
        value={description}
        onChange={(next) =>
          dispatch(setTemplateFields({ description: next }), { coalesceKey: 'template-description' })
        }
        errorMessage={lengthError(description, MAX_TEMPLATE_DESCRIPTION)}
      />
      <TextInputField
        label="Point of Quiz"
        value={pointOfQuiz}
        placeholder={POINT_OF_QUIZ_PLACEHOLDER}
        onChange={(next) =>
          dispatch(setTemplateFields({ pointOfQuiz: next }), { coalesceKey: 'template-point-of-quiz' })
        }
        errorMessage={lengthError(pointOfQuiz, MAX_POINT_OF_QUIZ)}
      />
    </>
  );
}

function TemplateOfferToggles() {
  const isExtra = useTemplateSelector((template) => template.isExtra);
  const isAvailable = useTemplateSelector((template) => template.isAvailableForNewQuizzes);
  const dispatch = useTemplateDispatch();
  return (
    <>
      <Toggle
        label="Is Premium Template?"
        checked={isExtra}
        onChange={(checked) => dispatch(setTemplateFields({ isExtra: checked }))}
      />
      <Toggle
        label="Is Available for New Quizzes?"
        checked={isAvailable}
        onChange={(checked) => dispatch(setTemplateFields({ isAvailableForNewQuizzes: checked }))}
      />
    </>
  );
}
