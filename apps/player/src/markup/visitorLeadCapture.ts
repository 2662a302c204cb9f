import type { LeadCaptureSettings } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { safeLinkUrl } from './safeUrl';

const orDefault = (text: string, fallback: string) => (text.trim() ? text : fallback);

/**
 * The capture form's settings as a visitor's page carries them (the published page and the editor's live
 * preview alike): the texts, with the defaults for empty ones, and the switches; which service or form
 * receives the lead stays on the server.
 */
export function visitorLeadCaptureSettings(settings: LeadCaptureSettings): LeadCaptureSettings {
  return {
    ...settings,
    targetServiceName: null,
    connectionId: null,
    targetId: null,
    htmlFormSettings: null,
    headerText: orDefault(settings.headerText, DEFAULT_LEAD_CAPTURE_TEXTS.headerText),
    descriptionText: orDefault(settings.descriptionText, DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText),
    confirmationCheckboxText: orDefault(
      settings.confirmationCheckboxText,
      DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
    ),
    privacyPolicyUrl: safeLinkUrl(settings.privacyPolicyUrl),
    ...(settings.fields && {
      fields: settings.fields.map(({ serviceField, htmlFormField, ...field }) => field),
    }),
  };
}
