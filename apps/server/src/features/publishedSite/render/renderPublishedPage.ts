import { type BrowserTracking, tracksAnything } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { quizLanguageOf, quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import { textDirectionOf, type VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { escapeHtml, scriptJson } from '@quizbeam/player/escapeHtml';
import { firstScreen } from '@quizbeam/player/firstScreen';
import { consentBarHtml, pageBodyHtml } from '@quizbeam/player/pageBody';
import {
  COMPLETE_TEMPLATE_ID,
  CONSENT_ATTRIBUTE,
  DATA_ID,
  OPT_IN_TEMPLATE_ID,
  TRACKING_ID,
} from '@quizbeam/player/pageIds';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';
import { playerVariantOf } from '@quizbeam/player/playerFileNames';
import { playerScriptFor } from '@quizbeam/player/playerScriptFor';
import { withVisitorTexts } from '@quizbeam/player/visitorText';
import { FAVICON_PATH } from '../favicon';
import { pageAppearance } from './appearanceStyle';
import { playerDataFor } from './playerDataFor';
import { descriptionText } from './sanitizeDescription';
import { shareImageUrl, socialMetaTags } from './socialMeta';

export interface PublishedPageInput {
  quiz: Quiz;
  snapshotId: string;
  /**
   * The score analysis's maximum: the preview computes results with it, a published page only needs it for
   * capture texts that follow an outcome chosen by percentage (its completions answer the score).
   */
  maxScore: number;
  showPoweredByBadge: boolean;
  /** `onComplete` is absent on snapshots published before completion scripts existed. */
  scripts: { onStartPage: string; onOptIn: string; onComplete?: string };
  /** The tags the published page turns on (the preview never does); absent: none. */
  tracking?: BrowserTracking;
  mode: 'published' | 'preview';
  /** The language the page is shown in (one of the quiz's page languages); absent: the quiz's own. */
  language?: VisitorLanguage;
  pageUrl: string;
  /** The player for single choices; the page loads the build its quiz and mode need (playerScriptFor). */
  playerScriptUrl: string;
  /** Where the publish host's font files are: '/_q/fonts' on a published page, absolute in a preview. */
  fontBaseUrl: string;
}

/**
 * The page a visitor opens (and the editor's preview): the first screen already rendered, all CSS inline,
 * the player's data, and one deferred script of ours that takes over (the player's build for this quiz). The marketer's scripts are added on
 * published pages only: the start-page code runs as the page loads (only when the quiz has a start page),
 * the opt-in code waits in an inert template until the visitor submits the capture form, the completion code
 * in another until the result shows. A published page whose tags are on (or that asks for consent) also
 * carries their settings and the tracking script, deferred before the player so it hears the first event,
 * and, when it asks, the consent bar; any other page is exactly as it was without them.
 */
export function renderPublishedPage(input: PublishedPageInput): string {
  const language = input.language ?? quizLanguageOf(input.quiz.language);
  const texts = quizVisitorTexts(input.quiz.language, language);
  return withVisitorTexts(language, texts, () => renderPage(input, language));
}

function renderPage(input: PublishedPageInput, language: VisitorLanguage): string {
  const published = input.mode === 'published';
  const onOptIn = published ? input.scripts.onOptIn.trim() : '';
  const onComplete = published ? (input.scripts.onComplete ?? '').trim() : '';
  const data = playerDataFor({
    mode: input.mode,
    snapshotId: input.snapshotId,
    maxScore: input.maxScore,
    pageUrl: input.pageUrl,
    quiz: input.quiz,
    language,
    fieldKeys: onOptIn !== '' || onComplete !== '',
  });
  const { quiz } = data;
  const first = firstScreen(quiz);
  const onStartPage = published && quiz.startPage ? input.scripts.onStartPage.trim() : '';
  const tracking = published && input.tracking ? pageTracking(input.tracking) : null;
  const askConsent = tracking?.askConsent === true;
  const appearance = pageAppearance(input.quiz, input.fontBaseUrl);
  const preloads = appearance.preloadUrls
    .map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin>\n`)
    .join('');
  return `<!doctype html>
<html lang="${language}" dir="${textDirectionOf(language)}"${askConsent ? ` ${CONSENT_ATTRIBUTE}="denied"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${socialMetaTags({ title: quiz.title, description: descriptionText(quiz.description), pageUrl: input.pageUrl, imageUrl: shareImageUrl(input.quiz) })}
<link rel="icon" href="${FAVICON_PATH}" sizes="32x32">
${published ? '' : '<meta name="robots" content="noindex">\n'}${preloads}<style>${PLAYER_CSS}${appearance.css}</style>
${tracking ? trackingHtml(tracking, input.playerScriptUrl) : ''}<script src="${escapeHtml(playerScriptFor(data, input.playerScriptUrl))}" defer></script>
</head>
<body${appearance.bodyClass ? ` class="${appearance.bodyClass}"` : ''}>
${pageBodyHtml({
  backgroundHtml: appearance.backgroundHtml,
  status: first.status,
  screenHtml: first.html,
  showPoweredByBadge: input.showPoweredByBadge,
  ...(askConsent && { consentBarHtml: consentBarHtml() }),
})}
<script type="application/json" id="${DATA_ID}">${scriptJson(data)}</script>
${onOptIn ? `<template id="${OPT_IN_TEMPLATE_ID}">${onOptIn}</template>\n` : ''}${onComplete ? `<template id="${COMPLETE_TEMPLATE_ID}">${onComplete}</template>\n` : ''}${onStartPage ? `${onStartPage}\n` : ''}</body>
</html>
`;
}

/**
 * The tags a page carries: its IDs and whether it asks (never anything else of the snapshot), or null when it
 * turns nothing on. A quiz that asks for consent without a tag still asks, since its server-side conversions
 * wait for the answer too.
 */
function pageTracking(tracking: BrowserTracking): BrowserTracking | null {
  if (!tracksAnything(tracking) && !tracking.askConsent) return null;
  const { gtmContainerId, ga4MeasurementId, metaPixelId, askConsent } = tracking;
  return { gtmContainerId, ga4MeasurementId, metaPixelId, askConsent };
}

/** The tags' settings and the tracking build (player-HASH-tracking.js), named after the player's script. */
const trackingHtml = (tracking: BrowserTracking, playerScriptUrl: string) =>
  `<script type="application/json" id="${TRACKING_ID}">${scriptJson(tracking)}</script>
<script src="${escapeHtml(playerVariantOf(playerScriptUrl, 'tracking'))}" defer></script>
`;
