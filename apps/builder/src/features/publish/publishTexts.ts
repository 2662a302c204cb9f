export const QUIZ_PUBLISHED_TEXT = 'Quiz has been published.';
export const QUIZ_UNPUBLISHED_TEXT = 'Quiz has been unpublished';
export const CODE_COPIED_TEXT = 'Code has been copied to your clipboard.';
export const HOST_WITH_PRODUCT_LABEL = 'Host with Quizbeam';
export const NEEDS_QUESTION_AND_OUTCOME_TEXT =
  'A quiz can be published once it has at least one question and one outcome, and every one of them is complete.';
export const COMPLETE_TO_REPUBLISH_TEXT = 'Complete the items above to republish.';
export const UNPUBLISH_CONFIRMATION_TEXT = 'Visitors will see a not-found page until you publish again.';

/** Before a Republish that moves the quiz to another host: the old address will redirect (the server keeps it). */
export const moveNoticeText = (liveUrl: string, newUrl: string) =>
  `This quiz is live at ${liveUrl}. After you republish, that address will redirect to ${newUrl}, so existing ` +
  'links and embeds keep working.';
