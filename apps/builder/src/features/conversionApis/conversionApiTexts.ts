import {
  CONVERSION_PLATFORM_LABELS,
  type ConversionApi,
  type ConversionApiTestResult,
  type ConversionPlatform,
} from '@quizbeam/contracts/conversionApis';

export const CONVERSION_APIS_INTRO =
  'Send each lead to Meta’s Conversions API or Google Analytics 4 from our server, so your ads count it even ' +
  'when the visitor’s browser blocks tracking scripts. Choose which quizzes use them in each quiz’s Capture Form.';
export const NO_CONVERSION_APIS_TEXT =
  'No conversion APIs yet. Add one to send your leads to Meta or Google Analytics 4.';
export const CONVERSION_APIS_NOT_LOADED_TEXT =
  'Your conversion APIs could not be loaded. Reload the page to try again.';
export const CONVERSION_API_SAVED_TEXT = 'The conversion API has been saved.';
export const CONVERSION_API_DELETED_TEXT = 'The conversion API has been deleted.';
export const KEEP_SECRET_TEXT = 'Leave blank to keep the saved one';
export const UNREADABLE_SECRET_HINT =
  'The saved one can no longer be read: paste it again, or Send Test Event will fail.';

export const ID_LABELS: Record<ConversionPlatform, string> = { meta: 'Pixel ID', ga4: 'Measurement ID' };
export const SECRET_LABELS: Record<ConversionPlatform, string> = { meta: 'Access token', ga4: 'API secret' };
export const ID_PLACEHOLDERS: Record<ConversionPlatform, string> = {
  meta: '123456789012345',
  ga4: 'G-ABC123DEF4',
};
export const SECRET_HINTS: Record<ConversionPlatform, string> = {
  meta: 'The Conversions API access token Meta gives you for this pixel in Events Manager.',
  ga4: 'In Google Analytics: Admin ▸ Data streams ▸ your stream ▸ Measurement Protocol API secrets.',
};
export const TEST_EVENT_CODE_HINT =
  'From Events Manager ▸ Test Events. While it is set, every lead is sent with it and shows under Test ' +
  'Events; clear it when you are done testing.';

export const platformLabel = (platform: ConversionPlatform) => CONVERSION_PLATFORM_LABELS[platform];
export const deleteConversionApiText = (name: string) => `Delete the conversion API "${name}"?`;

/** What the secret field says on Edit: blank keeps the saved one, which ends as the hint shows. */
export const keepSecretHint = (api: Pick<ConversionApi, 'secretHint'>) =>
  api.secretHint === '' ? UNREADABLE_SECRET_HINT : `${KEEP_SECRET_TEXT} (it ends in ${api.secretHint}).`;

/** The outcome of Send Test Event, as one sentence. */
export function testResultText(name: string, result: ConversionApiTestResult): string {
  if (!result.ok) return `The test event for "${name}" did not go through: ${result.error ?? 'no answer.'}`;
  if (result.platform === 'meta')
    return `Meta took the test event for "${name}". Look for it under Test Events in Events Manager.`;
  return (
    `Google's validation server found the test event for "${name}" valid. It does not check the API secret: ` +
    'your leads then show in GA4’s Realtime report.'
  );
}
