import type { Quiz } from '@quizbeam/contracts/quiz';
import type { VisitorOutcome, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { fillShortcodes } from '@quizbeam/quiz-engine/shortcodes';
import { escapeHtml } from '../markup/escapeHtml';
import { visitorVariants } from '../markup/responsiveImage';
import { text } from '../visitorText';

/**
 * The outcome a visitor is shown for a result, from a quiz already prepared for visitors (descriptions
 * sanitized, links and images checked): the chosen description, and for scored quizzes the shortcodes
 * filled in ([[score]], [[maxScore]], [[percent]] and the same per category, e.g. [[percent:Strategy]]).
 * The server answers it to a completion; the editor's preview builds it in the page.
 */
export function visitorOutcomeOf(quiz: Quiz, result: Omit<VisitorResult, 'outcome'>): VisitorOutcome {
  const scored = quiz.type === 'scored';
  const outcome = quiz.outcomes.find((candidate) => candidate.id === result.outcomeId);
  if (!outcome) {
    const scoreLine = scored
      ? `<p>${escapeHtml(text('scoreLine', { score: result.score, max: result.maxScore }))}</p>`
      : '';
    return {
      type: 'text',
      title: text('noOutcomeTitle'),
      descriptionHtml: scoreLine,
      imageUrl: null,
      shareable: false,
      cta: null,
    };
  }
  const fill = (text: string) => (scored ? fillShortcodes(text, result) : text);
  const title = fill(outcome.name);
  if (outcome.type === 'redirect' && outcome.redirect)
    return { type: 'redirect', title, url: outcome.redirect };
  const description = outcome.descriptions[result.descriptionIndex] ?? outcome.descriptions[0] ?? '';
  const imageUrl = outcome.image?.url || null;
  const imageVariants = imageUrl ? visitorVariants(outcome.image?.variants) : [];
  return {
    type: 'text',
    title,
    descriptionHtml: fill(description),
    imageUrl,
    ...(imageVariants.length > 0 && { imageVariants }),
    shareable: outcome.enableSocialSharing,
    cta:
      outcome.enableCta && outcome.ctaUrl && outcome.ctaButtonText.trim()
        ? { text: outcome.ctaButtonText, url: outcome.ctaUrl }
        : null,
  };
}
