export const EMBED_HEADING = 'Embed on Your Site';
export const EMBED_MODE_LEGEND = 'Embed As';
export const EMBED_TRIGGER_LABEL = 'Open';
export const EMBED_DELAY_LABEL = 'Delay (seconds)';
export const EMBED_SCROLL_LABEL = 'Scrolled (percent of the page)';
export const EMBED_BUTTON_TEXT_LABEL = 'Button Text';
export const EMBED_CORNER_LEGEND = 'Corner';
export const EMBED_CORNER_LABELS = { right: 'Bottom right', left: 'Bottom left' } as const;
export const EMBED_CAP_LABEL = 'Do Not Show Again For (days)';
export const EMBED_CAP_HINT = 'After a visitor closes it. 0 shows it on every visit.';
export const EMBED_EXIT_HINT =
  'When the mouse leaves the top of the page; on phones and tablets, after the delay.';
export const EMBED_CONSENT_NOTE =
  'This quiz asks visitors for consent, so the embed remembers a closed quiz only after the visitor accepts.';
export const EMBED_OPENER_NOTE =
  'Any element of your page with data-quizbeam-open="<quiz address>" opens this quiz as a popup too.';
export const EMBED_PREVIEW_TITLE = 'Embed preview';
export const EMBED_PREVIEW_LABEL = 'Preview';
export const REPLAY_PREVIEW_LABEL = 'Replay Preview';
export const embedCodeLabel = (modeLabel: string) => `${modeLabel} Embed Code`;
