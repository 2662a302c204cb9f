import type { LeadCaptureSettings, Outcome } from '@quizbeam/contracts/quiz';
import type { CaptureView } from '../markup/captureScreen';

/**
 * The capture form's texts: the quiz's (the server filled in the defaults), overridden by the texts of
 * the outcome the answers lead to, where those are not empty, when Segment by Outcome is on.
 */
export function captureViewOf(settings: LeadCaptureSettings, outcome: Outcome | null): CaptureView {
  const own = settings.usePerOutcomeSettings ? outcome?.leadCaptureSettings : undefined;
  const pick = (quizText: string, outcomeText: string | undefined) =>
    outcomeText?.trim() ? outcomeText : quizText;
  return {
    headerText: pick(settings.headerText, own?.headerText),
    descriptionText: pick(settings.descriptionText, own?.descriptionText),
    dataUsageNote: pick(settings.dataUsageNote, own?.dataUsageNote),
    privacyPolicyUrl: pick(settings.privacyPolicyUrl, own?.privacyPolicyUrl),
    captureName: settings.captureName,
    useConfirmationCheckbox: settings.useConfirmationCheckbox,
    confirmationCheckboxText: settings.confirmationCheckboxText,
    skippable: settings.skippable,
  };
}
