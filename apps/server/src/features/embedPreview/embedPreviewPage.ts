import { type EmbedOptions, type EmbedPreviewQuery, embedCode } from '@quizbeam/contracts/embedCodes';
import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { AppError } from '../../shared/appError';

export interface EmbedPreviewPage {
  html: string;
  headers: Record<string, string>;
}

const FILLER_PARAGRAPHS = 12;

/** The quiz address as the preview takes it: an absolute http(s) URL without credentials (400 otherwise). */
export function previewQuizUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('validation_failed', 'The quiz address is not a web address.');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new AppError('validation_failed', 'The quiz address must be an http or https address.');
  return url;
}

/**
 * The Publish tab's live preview of an embed code: a demo page with placeholder text (long enough to scroll
 * for the scroll trigger) and the code as the Publish tab generates it, its script loaded from the quiz's
 * origin. Sandboxed without its own origin, so it reads no builder cookie and the frequency cap stays in
 * memory; framed by the builder only; only the quiz origin's embed scripts may run, only its frames load.
 */
export function embedPreviewPage(query: EmbedPreviewQuery): EmbedPreviewPage {
  const quizUrl = previewQuizUrl(query.quiz);
  const options: EmbedOptions = {
    mode: query.mode,
    trigger: query.trigger,
    delaySeconds: Number(query.delay || Number.NaN),
    scrollPercent: Number(query.scroll || Number.NaN),
    capDays: Number(query.capDays || Number.NaN),
    buttonText: query.button,
    corner: query.corner,
    title: query.title,
    consentRequired: false,
  };
  // embedCode escapes what it writes into attributes; the origin of a parsed URL holds no markup.
  const code = embedCode(quizUrl.href, options);
  const paragraph =
    '<p>This is where your own page’s text goes. Visitors read on, and the quiz appears the way you set it up: ' +
    'in the page, as a popup, sliding in from a corner or over the whole page.</p>';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Embed preview</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#333;max-width:720px;margin:0 auto;padding:16px}h1{font-size:24px}</style>
</head>
<body>
<h1>Your page</h1>
<p>${escapeHtml(`A preview of the embed code of ${quizUrl.href}.`)}</p>
${code}
${paragraph.repeat(FILLER_PARAGRAPHS)}
</body>
</html>
`;
  return {
    html,
    headers: {
      'content-security-policy': [
        'sandbox allow-scripts allow-forms allow-popups',
        "default-src 'none'",
        // The embed script and, once a window is needed, its windows' script beside it.
        `script-src ${quizUrl.origin}/_q/embed.js ${quizUrl.origin}/_q/embed-window.js`,
        `frame-src ${quizUrl.origin}`,
        // The page's own style element and the one the embed script adds.
        "style-src 'unsafe-inline'",
        "frame-ancestors 'self'",
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'no-store',
    },
  };
}
