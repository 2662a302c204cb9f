import { type QuestionType, questionTypes } from '@quizbeam/contracts/quiz';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_list: 'Single choice',
  image_single_list: 'Image choice',
  multi_list: 'Multiple choice',
  image_multi_list: 'Image multiple choice',
  rating: 'Rating',
  number_input: 'Number',
  dropdown: 'Dropdown',
  text_input: 'Text answer',
};

export const questionTypeOptions: DropdownOption<QuestionType>[] = questionTypes.map((type) => ({
  value: type,
  label: QUESTION_TYPE_LABELS[type],
}));
