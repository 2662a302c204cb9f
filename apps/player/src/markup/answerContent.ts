import type { PublishedAnswer } from '../playerData';
import { text } from '../visitorText';
import { escapeHtml } from './escapeHtml';
import { ANSWER_IMAGE_SIZES, responsiveImg } from './responsiveImage';

/** What names an answer: its text, or its picture with the caption (the text when it has none). */
export function answerContentHtml(answer: PublishedAnswer, withImage: boolean, position: number): string {
  if (!withImage || !answer.imageUrl) return escapeHtml(answer.text);
  const caption = answer.imageCaption.trim() || answer.text.trim();
  // Without a caption the image itself must name the answer.
  const picture = responsiveImg(
    { url: answer.imageUrl, variants: answer.imageVariants },
    { alt: caption ? '' : text('answerImage', { position }), sizes: ANSWER_IMAGE_SIZES, lazy: true },
  );
  return `${picture}${caption ? `<span>${escapeHtml(caption)}</span>` : ''}`;
}
