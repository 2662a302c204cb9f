import type { LivePreviewLook } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';

/**
 * The quiz's look as the pane's page is drawn with it (its CSS and the badge): a change of it loads the page
 * again. The badge shows unless the quiz hides it, as in Preview (the account's own setting applies when the
 * quiz is published).
 */
export function lookOf(quiz: Quiz): LivePreviewLook {
  return {
    theme: quiz.theme,
    fontFamily: quiz.fontFamily,
    textColor: quiz.textColor,
    buttonBackgroundColor: quiz.buttonBackgroundColor,
    buttonFontFamily: quiz.buttonFontFamily,
    buttonTextColor: quiz.buttonTextColor,
    ctaBackgroundColor: quiz.ctaBackgroundColor,
    ctaFontFamily: quiz.ctaFontFamily,
    ctaTextColor: quiz.ctaTextColor,
    badge: quiz.showPoweredByBadge === false ? 'hide' : 'show',
  };
}

export function sameLook(first: LivePreviewLook, second: LivePreviewLook): boolean {
  return (Object.keys(first) as (keyof LivePreviewLook)[]).every((field) => first[field] === second[field]);
}
