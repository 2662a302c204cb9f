import type { Quiz } from '@quizbeam/contracts/quiz';
import { visitorLanguageFor } from '@quizbeam/contracts/quizVisitorTexts';
import type { FastifyReply } from 'fastify';
import { PUBLISHED_FONTS_PATH } from '../fonts/fontFiles';
import { PLAYER_FILES_PATH, type PublishedSite } from '../publishedSite/publishedSite';
import { renderPublishedPage } from '../publishedSite/render/renderPublishedPage';
import { scoreSummaryOf } from './scoreSummary';

/**
 * Sends a quiz as visitors would see it, for a preview frame: no scripts of the marketer's, nothing
 * recorded (the player computes the result in the page), and a sandboxed, opaque origin even if the
 * frame's sandbox attribute were removed.
 */
export function sendPreviewPage(
  reply: FastifyReply,
  quiz: Quiz,
  publishUrl: string,
  site: PublishedSite,
  acceptLanguage?: string,
) {
  const html = renderPublishedPage({
    quiz,
    snapshotId: '00000000-0000-0000-0000-000000000000',
    maxScore: scoreSummaryOf(quiz).maxScore,
    showPoweredByBadge: quiz.showPoweredByBadge ?? true,
    scripts: { onStartPage: '', onOptIn: '' },
    mode: 'preview',
    // As a visitor with the marketer's browser would see it.
    language: visitorLanguageFor(quiz.language, acceptLanguage),
    pageUrl: `${publishUrl}/preview`,
    playerScriptUrl: `${publishUrl}${PLAYER_FILES_PATH}${site.files.player.fileName}`,
    fontBaseUrl: `${publishUrl}${PUBLISHED_FONTS_PATH}`,
  });
  return (
    reply
      .type('text/html; charset=utf-8')
      // Framed by the builder's own Preview, by nothing else.
      .header(
        'content-security-policy',
        "sandbox allow-scripts allow-forms allow-popups; frame-ancestors 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .send(html)
  );
}
