export const QUIZ_PUBLISHED_TEXT = 'Quiz has been published.';
export const QUIZ_UNPUBLISHED_TEXT = 'Quiz has been unpublished';
export const CODE_COPIED_TEXT = 'Code has been copied to your clipboard.';
export const HOST_WITH_PRODUCT_LABEL = 'Host with the product';
export const NEEDS_QUESTION_AND_OUTCOME_TEXT =
  'A quiz can be published once it has at least one question and one outcome, and every one of them is complete.';
export const COMPLETE_TO_REPUBLISH_TEXT = 'Complete the items above to republish.';
