import type { LeadCaptureSettings, Outcome } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { isWebAddress } from '@quizbeam/contracts/webAddress';
import type { CaptureView } from '@quizbeam/player/captureScreen';
import { tidyLeadFieldChoices } from '@quizbeam/quiz-engine/leadCapture';

type CaptureTextKey = 'headerText' | 'descriptionText' | 'dataUsageNote' | 'privacyPolicyUrl';

const orDefault = (text: string, fallback: string) => (text.trim() ? text : fallback);

/**
 * The capture screen a visitor would get, by the rules the server applies when it publishes: empty header,
 * description and checkbox texts become the defaults, an outcome's empty text is the quiz's, and a privacy
 * link that is not a web address is left out. The form's own fields follow name and email; placed before
 * or after a question, the form leads on to the questions (Continue) rather than to the results.
 */
export function capturePreviewView(settings: LeadCaptureSettings, outcome: Outcome | null): CaptureView {
  const quizTexts: Record<CaptureTextKey, string> = {
    headerText: orDefault(settings.headerText, DEFAULT_LEAD_CAPTURE_TEXTS.headerText),
    descriptionText: orDefault(settings.descriptionText, DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText),
    dataUsageNote: settings.dataUsageNote,
    privacyPolicyUrl: settings.privacyPolicyUrl,
  };
  const own = settings.usePerOutcomeSettings ? outcome?.leadCaptureSettings : undefined;
  const pick = (key: CaptureTextKey) => (own?.[key].trim() ? own[key] : quizTexts[key]);
  const privacyPolicyUrl = pick('privacyPolicyUrl').trim();
  return {
    headerText: pick('headerText'),
    descriptionText: pick('descriptionText'),
    dataUsageNote: pick('dataUsageNote'),
    privacyPolicyUrl: isWebAddress(privacyPolicyUrl) ? privacyPolicyUrl : '',
    captureName: settings.captureName,
    useConfirmationCheckbox: settings.useConfirmationCheckbox,
    confirmationCheckboxText: orDefault(
      settings.confirmationCheckboxText,
      DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
    ),
    skippable: settings.skippable,
    fields: (settings.fields ?? []).map((field) => ({
      id: field.id,
      kind: field.kind,
      label: field.label.trim(),
      required: field.required,
      ...(field.kind === 'choice' && { choices: tidyLeadFieldChoices(field.choices ?? []) }),
    })),
    continuesQuiz: (settings.placement?.at ?? 'before_results') !== 'before_results',
  };
}
