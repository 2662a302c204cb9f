import type { VisitorOutcome, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import type { OutcomeView } from '../markup/outcomeScreen';
import { shareText } from '../markup/shareLinks';
import type { PlayerData } from '../playerData';

type TextOutcome = Extract<VisitorOutcome, { type: 'text' }>;

/**
 * The outcome screen for the outcome the server (or the preview) chose, with its share links' text and, when
 * the quiz shows them, a bar per category.
 */
export function outcomeViewOf(data: PlayerData, result: VisitorResult, outcome: TextOutcome): OutcomeView {
  return {
    title: outcome.title,
    descriptionHtml: outcome.descriptionHtml,
    imageUrl: outcome.imageUrl,
    imageVariants: outcome.imageVariants,
    share: outcome.shareable
      ? { pageUrl: data.pageUrl, text: shareText(outcome.title, data.quiz.title) }
      : null,
    cta: outcome.cta,
    categories: result.showCategoryBars ? result.categories : [],
  };
}
