import type { VisitorOutcome } from '@quizbeam/contracts/visitorEvents';
import type { OutcomeView } from '../markup/outcomeScreen';
import { shareText } from '../markup/shareLinks';
import type { PlayerData } from '../playerData';

type TextOutcome = Extract<VisitorOutcome, { type: 'text' }>;

/** The outcome screen for the outcome the server (or the preview) chose, with its share links' text. */
export function outcomeViewOf(data: PlayerData, outcome: TextOutcome): OutcomeView {
  return {
    title: outcome.title,
    descriptionHtml: outcome.descriptionHtml,
    imageUrl: outcome.imageUrl,
    imageVariants: outcome.imageVariants,
    share: outcome.shareable
      ? { pageUrl: data.pageUrl, text: shareText(outcome.title, data.quiz.title) }
      : null,
    cta: outcome.cta,
  };
}
