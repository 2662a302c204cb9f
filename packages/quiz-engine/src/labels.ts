import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Answer, Question, QuizType } from '@quizbeam/contracts/quiz';
import { percentOf } from './percent';
import { fillShortcodes, withoutShortcodes } from './shortcodes';

/*
 * The words data carries when it leaves the editor (Analytics, both CSVs, webhooks, Zapier, email services):
 * every item has a readable label even when the marketer typed none, so no column or bar is blank.
 */

/** What an answer's label is made from (a snapshot read for its labels has no more). */
type LabelledAnswer = Pick<Answer, 'text' | 'imageCaption'> & { image: { filename: string } | null };

/** The question's text, else "Question {rank}". */
export function questionLabel(question: Pick<Question, 'text' | 'rank'>): string {
  return question.text.trim() || `Question ${question.rank}`;
}

/**
 * The answer's text, else its image caption, else "Image {n}" with the image's file name (image answers),
 * else "Answer {n}"; n counts the question's answers from 1.
 */
export function answerLabel(answer: LabelledAnswer, position: number): string {
  const text = answer.text.trim() || answer.imageCaption.trim();
  if (text) return text;
  if (!answer.image) return `Answer ${position}`;
  const filename = answer.image.filename.trim();
  return filename ? `Image ${position} (${filename})` : `Image ${position}`;
}

/** Each answer's label by its id, for the question's answers. */
export function answerLabels(question: {
  answers: readonly (LabelledAnswer & { id: number })[];
}): Map<number, string> {
  return new Map(question.answers.map((answer, index) => [answer.id, answerLabel(answer, index + 1)]));
}

/** The text with every score shortcode taken out, and the spaces they leave tidied. */
export const withoutScoreShortcodes = withoutShortcodes;

/**
 * An outcome's name as one lead's data shows it: a scored quiz's shortcodes filled with that lead's result
 * (category ones when the lead carries category scores), a general quiz's (which have no score) taken out.
 */
export function outcomeTitleForLead(
  name: string,
  quizType: QuizType,
  result: { score: number; maxScore: number; categories?: readonly CategoryScore[] },
): string {
  if (quizType !== 'scored') return withoutShortcodes(name);
  const percent = percentOf(result.score, result.maxScore);
  return fillShortcodes(name, { ...result, percent, categories: result.categories ?? [] });
}
