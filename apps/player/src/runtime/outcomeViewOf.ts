import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { substituteScore } from '@quizbeam/quiz-engine/scoring';
import type { OutcomeView } from '../markup/outcomeScreen';
import type { PlayerData } from '../playerData';

export const NO_OUTCOME_TITLE = 'Thanks for taking the quiz!';

const formatNumber = (value: number) => value.toLocaleString('en-US');

/** What the outcome screen shows for a result: scored quizzes get [[score]] and [[maxScore]] filled in. */
export function outcomeViewOf(data: PlayerData, result: VisitorResult): OutcomeView {
  const scored = data.quiz.type === 'scored';
  const outcome = data.quiz.outcomes.find((candidate) => candidate.id === result.outcomeId);
  if (!outcome) {
    const scoreLine = scored
      ? `<p>You scored ${formatNumber(result.score)} out of ${formatNumber(result.maxScore)}.</p>`
      : '';
    return { title: NO_OUTCOME_TITLE, descriptionHtml: scoreLine, imageUrl: null, share: null, cta: null };
  }
  const fill = (text: string) => (scored ? substituteScore(text, result.score, result.maxScore) : text);
  const description = outcome.descriptions[result.descriptionIndex] ?? outcome.descriptions[0] ?? '';
  const title = fill(outcome.name);
  return {
    title,
    descriptionHtml: fill(description),
    imageUrl: outcome.image?.url ?? null,
    share: outcome.enableSocialSharing ? { pageUrl: data.pageUrl, text: title } : null,
    cta:
      outcome.enableCta && outcome.ctaUrl && outcome.ctaButtonText.trim()
        ? { text: outcome.ctaButtonText, url: outcome.ctaUrl }
        : null,
  };
}
