import type { Quiz } from '@quizbeam/contracts/quiz';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { sameOptions } from '../../../ui/dropdown/sameOptions';
import { useQuizDispatch, useQuizSelectorWithEquality } from '../store/quizStoreHooks';
import { patchQuestion } from './questionActions';

const NO_CATEGORY = 'none';

export const NO_CATEGORIES_NOTE = 'To score questions by category, add categories on the Outcomes tab.';

function categoryOptions(quiz: Quiz): DropdownOption<string>[] {
  const categories = quiz.categories ?? [];
  if (categories.length === 0) return [];
  return [
    { value: NO_CATEGORY, label: 'No category' },
    ...categories.map((category) => ({
      value: String(category.id),
      label: category.name.trim() || 'Untitled category',
    })),
  ];
}

/** Scored quizzes: the category whose score the question's points count toward (or none). */
export function QuestionCategorySelect({
  questionId,
  category,
}: {
  questionId: number;
  category: number | null | undefined;
}) {
  const dispatch = useQuizDispatch();
  const options = useQuizSelectorWithEquality(categoryOptions, sameOptions);
  if (options.length === 0) return <p className="item-editor__note">{NO_CATEGORIES_NOTE}</p>;
  return (
    <Dropdown
      label="Category"
      fixedWidth
      options={options}
      value={category == null ? NO_CATEGORY : String(category)}
      onChange={(value) =>
        dispatch(
          patchQuestion(questionId, () => ({ category: value === NO_CATEGORY ? null : Number(value) })),
        )
      }
    />
  );
}
