import type { LeadFormPlacement } from '@quizbeam/contracts/leadFormFields';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { leadFormPlacementFor, setLeadFormPlacement } from '@quizbeam/quiz-engine/leadCapture';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { useQuizDispatch, useQuizSelector, useQuizSelectorWithEquality } from '../store/quizStoreHooks';

export const PLACEMENT_LABEL = 'Where the form appears';
export const BEFORE_RESULTS_LABEL = 'Before the results';
export const BEFORE_QUESTIONS_LABEL = 'Before the first question';
export const afterQuestionLabel = (rank: number, text: string) => {
  const trimmed = text.trim();
  const shown = trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
  return shown ? `After question ${rank}: ${shown}` : `After question ${rank}`;
};

const AFTER = 'after:';

const placementValue = (placement: LeadFormPlacement) =>
  placement.at === 'after_question' ? `${AFTER}${placement.questionId}` : placement.at;

function placementOf(value: string): LeadFormPlacement {
  if (value.startsWith(AFTER)) return { at: 'after_question', questionId: Number(value.slice(AFTER.length)) };
  return value === 'before_questions' ? { at: 'before_questions' } : { at: 'before_results' };
}

function placementOptions(quiz: Quiz): DropdownOption<string>[] {
  return [
    { value: 'before_results', label: BEFORE_RESULTS_LABEL },
    { value: 'before_questions', label: BEFORE_QUESTIONS_LABEL },
    ...sortByRank(quiz.questions).map((question) => ({
      value: `${AFTER}${question.id}`,
      label: afterQuestionLabel(question.rank, question.text),
    })),
  ];
}

const sameOptions = (first: DropdownOption<string>[], second: DropdownOption<string>[]) =>
  first.length === second.length &&
  first.every(
    (option, index) => option.value === second[index]?.value && option.label === second[index]?.label,
  );

/** Before the results (the default), before the first question (a gate) or after a chosen question. */
export function LeadFormPlacementField() {
  const value = useQuizSelector((quiz) => placementValue(leadFormPlacementFor(quiz)));
  const options = useQuizSelectorWithEquality(placementOptions, sameOptions);
  const dispatch = useQuizDispatch();
  return (
    <Dropdown
      label={PLACEMENT_LABEL}
      options={options}
      value={value}
      onChange={(chosen) => dispatch((quiz) => setLeadFormPlacement(quiz, placementOf(chosen)))}
    />
  );
}
