export const LANGUAGE_TAB_TITLE = 'Language';
export const QUIZ_LANGUAGE_TITLE = 'Quiz Language';
export const QUIZ_LANGUAGE_LABEL = 'Language visitors see';
export const QUIZ_LANGUAGE_NOTE =
  'Quizbeam shows its own texts (progress, buttons, field labels, error messages, the consent checkbox, the badge) in this language. Your questions, answers and outcomes show as you wrote them.';
export const BROWSER_LANGUAGE_LABEL = "Use the visitor's browser language when Quizbeam has it";
export const BROWSER_LANGUAGE_HINT =
  'Visitors whose browser asks for another of the 13 languages see Quizbeam’s texts in it; everyone else sees the quiz’s language.';
export const LANGUAGE_REPUBLISH_NOTE = 'Changes go live when you publish or republish the quiz.';
export const VISITOR_TEXTS_TITLE = 'Texts Visitors See';
export const VISITOR_TEXTS_NOTE =
  'Leave a text empty to use Quizbeam’s. Words in braces, such as {total}, are filled in for each visitor: keep them.';
export const TEXTS_LANGUAGE_LABEL = 'Texts in';
export const TEXTS_LOAD_FAILED_TEXT = 'The texts could not be loaded. Reload the page to try again.';
export const PLURAL_NOTE =
  'Quizbeam’s text changes with the number (one, two, many…); yours is used for every number.';
export const RESET_TEXT_LABEL = 'Use Quizbeam’s';
export const ONLY_OWN_TEXTS_LABEL = 'Show only the texts I changed';
export const ownTextsCount = (count: number, total: number): string =>
  `${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} texts are your own.`;
export const SUPPLIED_TEXT_PREFIX = 'Quizbeam’s text:';
