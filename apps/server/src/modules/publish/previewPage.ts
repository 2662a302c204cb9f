import type { Quiz } from '@quizbeam/contracts/quiz';
import { maxScore } from '@quizbeam/quiz-engine/scoring';
import type { FastifyReply } from 'fastify';
import { renderPublishedPage } from '../../player/renderPublishedPage';
import { PLAYER_FILES_PATH, type PublishedSite } from '../published/publishedSite';

/**
 * Sends a quiz as visitors would see it, for a preview frame: no scripts of the marketer's, nothing
 * recorded (the player computes the result in the page), and a sandboxed, opaque origin even if the
 * frame's sandbox attribute were removed.
 */
export function sendPreviewPage(reply: FastifyReply, quiz: Quiz, publishUrl: string, site: PublishedSite) {
  const html = renderPublishedPage({
    quiz,
    snapshotId: '00000000-0000-0000-0000-000000000000',
    maxScore: quiz.type === 'scored' ? maxScore(quiz) : 0,
    showPoweredByBadge: quiz.showPoweredByBadge ?? true,
    scripts: { onStartPage: '', onOptIn: '' },
    mode: 'preview',
    pageUrl: `${publishUrl}/preview`,
    playerScriptUrl: `${publishUrl}${PLAYER_FILES_PATH}${site.files.player.fileName}`,
  });
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', 'sandbox allow-scripts allow-forms allow-popups')
    .header('cache-control', 'no-store')
    .send(html);
}
