import { z } from 'zod';
import { accountParam, endpoint, htmlPage } from './endpoint';
import { EMBED_SCRIPT_PATH, inlineEmbedCode } from './publishing';

/*
 * The embed codes of the Publish tab: inline (unchanged) and the embed script's windows, a popup, a slide-in
 * from a corner and a full page, each opened by a trigger. The script reads the holder's data-quizbeam-*
 * attributes (apps/player/src/embed.ts; docs/embedding.md) and falls back to the same defaults for values it
 * cannot use, so a hand-edited code never breaks the page.
 */

export const EMBED_MODES = ['inline', 'popup', 'slide-in', 'full-page'] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];
export const EMBED_MODE_LABELS: Record<EmbedMode, string> = {
  inline: 'Inline',
  popup: 'Popup',
  'slide-in': 'Slide-In',
  'full-page': 'Full Page',
};

export const EMBED_TRIGGERS = ['click', 'delay', 'scroll', 'exit'] as const;
export type EmbedTrigger = (typeof EMBED_TRIGGERS)[number];
export const EMBED_TRIGGER_LABELS: Record<EmbedTrigger, string> = {
  click: 'On click',
  delay: 'After a delay',
  scroll: 'When scrolled',
  exit: 'On exit intent',
};

export const EMBED_CORNERS = ['right', 'left'] as const;
export type EmbedCorner = (typeof EMBED_CORNERS)[number];

/** The number settings' ranges and defaults; the embed script holds the same. */
export const EMBED_NUMBER_SETTINGS = {
  delaySeconds: { min: 1, max: 600, fallback: 5 },
  scrollPercent: { min: 1, max: 100, fallback: 50 },
  capDays: { min: 0, max: 365, fallback: 0 },
} as const;
export type EmbedNumberSetting = keyof typeof EMBED_NUMBER_SETTINGS;

export const DEFAULT_EMBED_BUTTON_TEXT = 'Take the quiz';
export const EMBED_BUTTON_TEXT_MAX = 60;

export interface EmbedOptions {
  mode: EmbedMode;
  trigger: EmbedTrigger;
  /** As typed: NaN, negative or out of range values fall back to the defaults. */
  delaySeconds: number;
  scrollPercent: number;
  capDays: number;
  buttonText: string;
  corner: EmbedCorner;
  /** The dialog's accessible name (the quiz's title). */
  title: string;
  /** The quiz asks for consent: the embed stores its frequency cap only after the visitor accepts. */
  consentRequired: boolean;
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  mode: 'inline',
  trigger: 'click',
  delaySeconds: EMBED_NUMBER_SETTINGS.delaySeconds.fallback,
  scrollPercent: EMBED_NUMBER_SETTINGS.scrollPercent.fallback,
  capDays: EMBED_NUMBER_SETTINGS.capDays.fallback,
  buttonText: DEFAULT_EMBED_BUTTON_TEXT,
  corner: 'right',
  title: '',
  consentRequired: false,
};

/** A number setting as the embed script will use it: whole, in range, else the default. */
export function usableEmbedNumber(setting: EmbedNumberSetting, value: number): number {
  const { min, max, fallback } = EMBED_NUMBER_SETTINGS[setting];
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Which settings a mode and trigger use; the others are neither shown nor written. */
export function embedSettingsUsed(options: Pick<EmbedOptions, 'mode' | 'trigger'>) {
  const windowed = options.mode !== 'inline';
  return {
    trigger: windowed,
    buttonText: windowed && options.trigger === 'click',
    delaySeconds: windowed && (options.trigger === 'delay' || options.trigger === 'exit'),
    scrollPercent: windowed && options.trigger === 'scroll',
    corner: options.mode === 'slide-in',
    capDays: windowed && options.trigger !== 'click',
  };
}

const NUMBER_PROBLEMS: Record<EmbedNumberSetting, (fallback: number) => string> = {
  delaySeconds: (fallback) => `Use a delay from 1 to 600 seconds; ${fallback} is used.`,
  scrollPercent: (fallback) => `Use a scroll depth from 1 to 100 percent; ${fallback} is used.`,
  capDays: (fallback) => `Use from 0 to 365 days (0 shows it on every visit); ${fallback} is used.`,
};

export type EmbedOptionsProblems = Partial<Record<EmbedNumberSetting | 'buttonText', string>>;

/** The form's inline messages: why a value will not be used, and what is used instead. */
export function embedOptionsProblems(options: EmbedOptions): EmbedOptionsProblems {
  const used = embedSettingsUsed(options);
  const problems: EmbedOptionsProblems = {};
  for (const setting of Object.keys(EMBED_NUMBER_SETTINGS) as EmbedNumberSetting[]) {
    const value = options[setting];
    if (used[setting] && usableEmbedNumber(setting, value) !== value)
      problems[setting] = NUMBER_PROBLEMS[setting](EMBED_NUMBER_SETTINGS[setting].fallback);
  }
  if (used.buttonText && options.buttonText.trim() === '')
    problems.buttonText = `Enter the button’s text; "${DEFAULT_EMBED_BUTTON_TEXT}" is used.`;
  else if (used.buttonText && options.buttonText.trim().length > EMBED_BUTTON_TEXT_MAX)
    problems.buttonText = `Use at most ${EMBED_BUTTON_TEXT_MAX} characters.`;
  return problems;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The data-quizbeam-* attributes (without the prefix) a mode's code writes, in order. */
export function embedAttributes(options: EmbedOptions): [string, string][] {
  const used = embedSettingsUsed(options);
  const attributes: [string, string][] = [
    ['mode', options.mode],
    ['trigger', options.trigger],
  ];
  if (used.buttonText)
    attributes.push([
      'button',
      options.buttonText.trim().slice(0, EMBED_BUTTON_TEXT_MAX) || DEFAULT_EMBED_BUTTON_TEXT,
    ]);
  if (used.delaySeconds)
    attributes.push(['delay', String(usableEmbedNumber('delaySeconds', options.delaySeconds))]);
  if (used.scrollPercent)
    attributes.push(['scroll', String(usableEmbedNumber('scrollPercent', options.scrollPercent))]);
  if (used.corner) attributes.push(['corner', options.corner]);
  if (used.capDays) attributes.push(['cap-days', String(usableEmbedNumber('capDays', options.capDays))]);
  if (options.title.trim()) attributes.push(['title', options.title.trim()]);
  if (options.consentRequired && used.capDays) attributes.push(['consent', 'required']);
  return attributes;
}

/** The code to paste: inline exactly as before, the other modes a holder with their settings and the script. */
export function embedCode(quizUrl: string, options: EmbedOptions): string {
  if (options.mode === 'inline') return inlineEmbedCode(quizUrl);
  const attributes = embedAttributes(options)
    .map(([name, value]) => ` data-quizbeam-${name}="${escapeAttribute(value)}"`)
    .join('');
  const origin = new URL(quizUrl).origin;
  return `<div data-quizbeam-quiz="${escapeAttribute(quizUrl)}"${attributes}></div>\n<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>`;
}

/** What the Publish tab's live preview page is asked for: a published quiz and the options as the code has them. */
export const embedPreviewQuerySchema = z.object({
  quiz: z.string().min(1).max(2000),
  mode: z.enum(EMBED_MODES).default('inline'),
  trigger: z.enum(EMBED_TRIGGERS).default('click'),
  // As typed in the form: nonsense shows as the default the code then holds.
  delay: z.string().max(20).default(''),
  scroll: z.string().max(20).default(''),
  capDays: z.string().max(20).default(''),
  button: z.string().max(200).default(DEFAULT_EMBED_BUTTON_TEXT),
  corner: z.enum(EMBED_CORNERS).default('right'),
  title: z.string().max(200).default(''),
});
export type EmbedPreviewQuery = z.infer<typeof embedPreviewQuerySchema>;

/**
 * A demo page on the app's host for the Publish tab's live preview: placeholder text and the generated code,
 * its script loaded from the quiz's origin. Only for a quiz of the account that is published.
 */
export const embedPreviewPageEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/embed-preview',
  access: 'user',
  summary: 'The embed code’s live preview page',
  params: z.object({ account: accountParam }),
  query: embedPreviewQuerySchema,
  page: true,
  response: htmlPage,
});

/** The preview page's query for a quiz URL and the options. */
export function embedPreviewQuery(quizUrl: string, options: EmbedOptions): Record<string, string> {
  return {
    quiz: quizUrl,
    mode: options.mode,
    trigger: options.trigger,
    delay: String(options.delaySeconds),
    scroll: String(options.scrollPercent),
    capDays: String(options.capDays),
    button: options.buttonText,
    corner: options.corner,
    title: options.title,
  };
}
