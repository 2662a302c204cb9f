import type { Quiz } from '@quizbeam/contracts/quiz';
import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { safeImageUrl } from '@quizbeam/player/safeUrl';

export interface SocialMeta {
  title: string;
  description: string;
  pageUrl: string;
  imageUrl: string;
}

const MAX_DESCRIPTION = 200;

/** A short one-line description for search results and link previews. */
function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_DESCRIPTION ? line : `${line.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

/** The picture of a link preview: the quiz's social share image, else its background; absolute http(s) or ''. */
export const shareImageUrl = (quiz: Pick<Quiz, 'socialShareImage' | 'backgroundImage'>): string =>
  safeImageUrl(quiz.socialShareImage?.url ?? '') || safeImageUrl(quiz.backgroundImage?.url ?? '');

/** <title>, description and the Open Graph and Twitter tags link previews read. */
export function socialMetaTags(meta: SocialMeta): string {
  const description = summary(meta.description) || meta.title;
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', description),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', description),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:url', meta.pageUrl),
    ...(meta.imageUrl ? [tag('property', 'og:image', meta.imageUrl)] : []),
    tag('name', 'twitter:card', meta.imageUrl ? 'summary_large_image' : 'summary'),
  ].join('\n');
}
