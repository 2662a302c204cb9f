import type { LeadCaptureSettings } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS, PLACED_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import type { VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { safeLinkUrl } from './safeUrl';

const ENGLISH_DEFAULTS = [DEFAULT_LEAD_CAPTURE_TEXTS, ...Object.values(PLACED_LEAD_CAPTURE_TEXTS)];
const ENGLISH_HEADERS: readonly string[] = ENGLISH_DEFAULTS.map((texts) => texts.headerText);
const ENGLISH_DESCRIPTIONS: readonly string[] = ENGLISH_DEFAULTS.map((texts) => texts.descriptionText);

/**
 * New quizzes store the English defaults, so a text that is empty or still one of them is Quizbeam's, shown in
 * the quiz's language; anything else the marketer wrote is shown as written.
 */
const ownOrDefault = (text: string, englishDefaults: readonly string[], localized: string) =>
  text.trim() && !englishDefaults.includes(text) ? text : localized;

/** The consent checkbox's text as the visitor is shown it (and the lead records it). */
export const consentTextShown = (settings: LeadCaptureSettings, texts: VisitorTexts): string =>
  ownOrDefault(
    settings.confirmationCheckboxText,
    [DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText],
    texts.consentDefault,
  );

/**
 * The capture form's settings as a visitor's page carries them (the published page and the editor's live
 * preview alike): the texts, with the language's defaults for empty ones (the header and description those of
 * where the form appears), and the switches; which service or form receives the lead stays on the server.
 */
export function visitorLeadCaptureSettings(
  settings: LeadCaptureSettings,
  texts: VisitorTexts,
): LeadCaptureSettings {
  const at = settings.placement?.at ?? 'before_results';
  const defaults =
    at === 'before_questions'
      ? { header: texts.captureBeforeHeader, description: texts.captureBeforeDescription }
      : at === 'after_question'
        ? { header: texts.captureAmidHeader, description: texts.captureAmidDescription }
        : { header: texts.captureHeader, description: texts.captureDescription };
  return {
    ...settings,
    targetServiceName: null,
    connectionId: null,
    targetId: null,
    htmlFormSettings: null,
    headerText: ownOrDefault(settings.headerText, ENGLISH_HEADERS, defaults.header),
    descriptionText: ownOrDefault(settings.descriptionText, ENGLISH_DESCRIPTIONS, defaults.description),
    confirmationCheckboxText: consentTextShown(settings, texts),
    privacyPolicyUrl: safeLinkUrl(settings.privacyPolicyUrl),
    ...(settings.fields && {
      fields: settings.fields.map(({ serviceField, htmlFormField, ...field }) => field),
    }),
  };
}
