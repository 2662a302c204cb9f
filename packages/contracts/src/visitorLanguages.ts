/*
 * The languages a published quiz speaks to its visitors. Zod-free: the player and the builder's bundles import
 * it. The builder itself stays en-US.
 */

export const VISITOR_LANGUAGES = [
  'en',
  'es',
  'pt-BR',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ar',
  'he',
  'ja',
  'zh-CN',
] as const;
export type VisitorLanguage = (typeof VISITOR_LANGUAGES)[number];

export const DEFAULT_VISITOR_LANGUAGE: VisitorLanguage = 'en';

/** Each language by its English name, as the builder lists them. */
export const VISITOR_LANGUAGE_NAMES: Record<VisitorLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  'pt-BR': 'Portuguese (Brazil)',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  tr: 'Turkish',
  ar: 'Arabic',
  he: 'Hebrew',
  ja: 'Japanese',
  'zh-CN': 'Chinese (Simplified)',
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'he']);

export const isVisitorLanguage = (code: unknown): code is VisitorLanguage =>
  typeof code === 'string' && (VISITOR_LANGUAGES as readonly string[]).includes(code);

export const textDirectionOf = (language: VisitorLanguage): 'rtl' | 'ltr' =>
  RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';

export const unknownLanguageText = (code: string): string =>
  `Unknown language: "${code.slice(0, 40)}". Use one of ${VISITOR_LANGUAGES.join(', ')}.`;

/** The supported language a language tag asks for: exact first, then by its primary subtag (pt → pt-BR). */
function supportedLanguageFor(tag: string): VisitorLanguage | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = VISITOR_LANGUAGES.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  // Traditional Chinese is a different script: Simplified Chinese would not serve those readers.
  if (/^zh-(hant|tw|hk|mo)\b/.test(wanted)) return null;
  const primary = wanted.split('-')[0];
  return VISITOR_LANGUAGES.find((code) => code.toLowerCase().split('-')[0] === primary) ?? null;
}

/**
 * The language to show a visitor whose browser sent `acceptLanguage` (the Accept-Language header): the
 * supported one they rank highest, else `fallback`.
 */
export function negotiateVisitorLanguage(
  acceptLanguage: string | undefined,
  fallback: VisitorLanguage,
): VisitorLanguage {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .slice(0, 1000)
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = supportedLanguageFor(tag);
    if (language) return language;
  }
  return fallback;
}
