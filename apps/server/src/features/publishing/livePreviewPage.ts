import type { LivePreviewLook } from '@quizbeam/contracts/publishing';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { escapeHtml, scriptJson } from '@quizbeam/player/escapeHtml';
import { pageBodyHtml } from '@quizbeam/player/pageBody';
import { PANE_CONFIG_ID, type PaneConfig } from '@quizbeam/player/paneMessages';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';
import { playerVariantOf } from '@quizbeam/player/playerFileNames';
import { withVisitorTexts } from '@quizbeam/player/visitorText';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { PUBLISHED_FONTS_PATH } from '../fonts/fontFiles';
import { PLAYER_FILES_PATH } from '../publishedSite/publishedSite';
import { pageAppearance } from '../publishedSite/render/appearanceStyle';

export interface LivePreviewPageInput {
  look: LivePreviewLook;
  appUrl: string;
  publishUrl: string;
  /** The player script's file name (player-3f2a1b9c.js): the pane's build is named after it. */
  playerFileName: string;
}

export interface LivePreviewPage {
  html: string;
  headers: Record<string, string>;
}

/**
 * The live preview pane's page: the published page's head and body (the player's CSS, the theme's, the
 * marketer's fonts and colours, the card and the badge, in English until the pane draws the quiz's language)
 * around an empty screen, which the pane's script
 * fills with what the editor sends (the background picture too: it is markup, not CSS). Like Preview: a
 * sandboxed, opaque origin even if the frame's sandbox attribute were removed, framed by the builder only;
 * and its one script is ours, by its address, so nothing drawn into it can run.
 */
export function livePreviewPage(input: LivePreviewPageInput): LivePreviewPage {
  const { badge, ...appearanceFields } = input.look;
  // The look is all the page's appearance reads of a quiz; the rest is a blank one.
  const quiz = { ...newQuiz({ id: '', name: 'Live preview', type: 'general' }), ...appearanceFields };
  const appearance = pageAppearance(quiz, `${input.publishUrl}${PUBLISHED_FONTS_PATH}`);
  const scriptUrl = `${input.publishUrl}${PLAYER_FILES_PATH}${playerVariantOf(input.playerFileName, 'pane')}`;
  const config: PaneConfig = {
    parentOrigin: new URL(input.appUrl).origin,
    pageUrl: `${input.publishUrl}/preview`,
  };
  const preloads = appearance.preloadUrls
    .map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin>\n`)
    .join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Live preview</title>
${preloads}<style>${PLAYER_CSS}${appearance.css}</style>
<script src="${escapeHtml(scriptUrl)}" defer></script>
</head>
<body${appearance.bodyClass ? ` class="${appearance.bodyClass}"` : ''}>
${withVisitorTexts('en', en, () =>
  pageBodyHtml({
    backgroundHtml: appearance.backgroundHtml,
    status: '',
    screenHtml: '',
    showPoweredByBadge: badge === 'show',
  }),
)}
<script type="application/json" id="${PANE_CONFIG_ID}">${scriptJson(config)}</script>
</body>
</html>
`;
  return {
    html,
    headers: {
      'content-security-policy': [
        'sandbox allow-scripts allow-forms allow-popups',
        "frame-ancestors 'self'",
        `script-src ${scriptUrl}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'no-store',
    },
  };
}
