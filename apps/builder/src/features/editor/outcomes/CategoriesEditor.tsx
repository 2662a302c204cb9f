import type { Category, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_CATEGORIES } from '@quizbeam/contracts/quizConstants';
import {
  addCategory,
  MAX_CATEGORY_NAME_LENGTH,
  removeCategory,
  renameCategory,
} from '@quizbeam/quiz-engine/categories';
import { useState } from 'react';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { ConfirmationModal } from '../../../ui/modal/ConfirmationModal';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

export const CATEGORY_NAME_REQUIRED_TEXT = 'Please enter a category name.';
export const DUPLICATE_CATEGORY_TEXT =
  'Another category has this name; its shortcodes would show the first one’s score.';

const NO_CATEGORIES: Category[] = [];

/** The first "Category n" no category is called yet. */
function newCategoryName(categories: readonly Category[]): string {
  const taken = new Set(categories.map((category) => category.name.trim().toLowerCase()));
  let number = categories.length + 1;
  while (taken.has(`category ${number}`)) number++;
  return `Category ${number}`;
}

const nameKey = (name: string) => name.trim().toLowerCase();

function nameProblem(category: Category, categories: readonly Category[]): string | null {
  if (category.name.trim() === '') return CATEGORY_NAME_REQUIRED_TEXT;
  const key = nameKey(category.name);
  const first = categories.find((other) => nameKey(other.name) === key);
  return first && first.id !== category.id ? DUPLICATE_CATEGORY_TEXT : null;
}

const questionsIn = (quiz: Quiz, categoryId: number) =>
  quiz.questions.filter((question) => question.category === categoryId).length;

/** The scored quiz's categories: add, rename (required, at most 100 characters) and remove. */
export function CategoriesEditor() {
  const categories = useQuizSelector((quiz) => quiz.categories ?? NO_CATEGORIES);
  const dispatch = useQuizDispatch();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const removing = categories.find((category) => category.id === removingId) ?? null;
  const removingCount = useQuizSelector((quiz) => (removingId === null ? 0 : questionsIn(quiz, removingId)));

  return (
    <fieldset className="scoring-settings__categories">
      <legend className="field__label">Categories</legend>
      <p className="item-editor__note">
        Put each question in a category on the Questions tab; each category gets its own score and percentage.
      </p>
      {categories.length > 0 ? (
        <ul className="scoring-settings__category-list" aria-label="Categories">
          {categories.map((category, index) => (
            <li key={category.id} className="scoring-settings__category">
              <TextInputField
                label={`Category ${index + 1}`}
                value={category.name}
                maxLength={MAX_CATEGORY_NAME_LENGTH}
                errorMessage={nameProblem(category, categories)}
                onChange={(name) =>
                  dispatch((quiz) => renameCategory(quiz, category.id, name), {
                    coalesceKey: `category-${category.id}-name`,
                  })
                }
              />
              <button
                type="button"
                className="item-card__delete scoring-settings__remove"
                aria-label={`Remove Category ${index + 1}`}
                onClick={() => setRemovingId(category.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ButtonWithReason
        className="button button--secondary"
        disabledReason={
          categories.length >= MAX_CATEGORIES ? `A quiz has at most ${MAX_CATEGORIES} categories.` : null
        }
        onClick={() => dispatch((quiz) => addCategory(quiz, newCategoryName(quiz.categories ?? [])).quiz)}
      >
        Add Category
      </ButtonWithReason>
      {removing ? (
        <ConfirmationModal
          destructive
          confirmLabel="Remove"
          onCancel={() => setRemovingId(null)}
          onConfirm={() => {
            dispatch((quiz) => removeCategory(quiz, removing.id));
            setRemovingId(null);
          }}
        >
          <p>
            {`The category "${removing.name.trim() || 'Untitled'}" will be removed.`}
            {removingCount > 0
              ? ` Its ${removingCount === 1 ? 'question' : `${removingCount} questions`} will be in no category.`
              : ''}
          </p>
        </ConfirmationModal>
      ) : null}
    </fieldset>
  );
}
