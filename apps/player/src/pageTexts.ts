import { MAX_TEXT_ANSWER_LENGTH } from '@quizbeam/contracts/quizConstants';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorText, VisitorTextKey, VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import type { PublishedQuizView } from './playerData';

/** Texts only the server draws (into the first screen, the badge, the consent bar, a result it answers). */
const SERVER_DRAWN: readonly VisitorTextKey[] = [
  'captureHeader',
  'captureDescription',
  'captureBeforeHeader',
  'captureBeforeDescription',
  'captureAmidHeader',
  'captureAmidDescription',
  'consentDefault',
  'noOutcomeTitle',
  'scoreLine',
  'poweredBy',
  'cookieConsent',
  'cookieMessage',
  'accept',
  'decline',
];

/** Texts only some quizzes' screens use, by what uses them. */
const USED_BY: Record<'multi' | 'dropdown' | 'rating' | 'number' | 'text' | 'capture', VisitorTextKey[]> = {
  multi: ['chooseExactly', 'chooseBetween', 'chooseUpTo', 'chooseAtLeast', 'chooseAny'],
  dropdown: ['searchAnswers', 'noMatches', 'matches'],
  rating: ['starOf', 'chooseRating'],
  number: ['enterNumber', 'numberBetween', 'numberStep'],
  text: ['enterAnswer', 'answerTooLong', 'optional'],
  capture: [
    'name',
    'email',
    'required',
    'chooseOption',
    'privacyPolicy',
    'sendFailed',
    'emailMissing',
    'emailInvalid',
    'nameMissing',
    'consentMissing',
    'fieldMissing',
    'fieldUnticked',
    'showResults',
    'skip',
  ],
};

/**
 * The texts a quiz's page carries for the player: the ones its screens can show after the first, so a quiz
 * of single choices without a form downloads a few dozen words of its language, and none it never shows.
 */
export function pageTexts(
  language: VisitorLanguage,
  texts: VisitorTexts,
  quiz: Pick<PublishedQuizView, 'questions' | 'leadCapture' | 'startPage'>,
): Partial<Record<VisitorTextKey, VisitorText>> {
  const types = new Set(quiz.questions.map((question) => question.type));
  const present = {
    multi: types.has('multi_list') || types.has('image_multi_list'),
    dropdown: types.has('dropdown'),
    rating: types.has('rating'),
    number: types.has('number_input'),
    text: types.has('text_input'),
    capture: quiz.leadCapture !== null,
  };
  const left = new Set<VisitorTextKey>(SERVER_DRAWN);
  if (quiz.questions.length > 0) left.add('noQuestions');
  if (!quiz.startPage) left.add('start');
  for (const [use, keys] of Object.entries(USED_BY) as [keyof typeof USED_BY, VisitorTextKey[]][]) {
    if (!present[use]) for (const key of keys) left.add(key);
  }
  const kept: Partial<Record<VisitorTextKey, VisitorText>> = Object.fromEntries(
    Object.entries(texts).filter(([key]) => !left.has(key as VisitorTextKey)),
  );
  // Its count never changes: only the one form that count takes in this language travels.
  const tooLong = kept.answerTooLong;
  if (tooLong && typeof tooLong !== 'string') {
    const form = new Intl.PluralRules(language).select(MAX_TEXT_ANSWER_LENGTH);
    kept.answerTooLong = { other: tooLong[form] ?? tooLong.other };
  }
  return kept;
}
