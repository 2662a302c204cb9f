export const WEBHOOKS_INTRO =
  'A webhook receives each lead as a JSON POST, signed with the webhook secret (Standard Webhooks), ' +
  'so tools such as Make, n8n or your CRM can check it came from Quizbeam.';
export const SECRET_SHOWN_ONCE_TEXT = "Copy it now: it won't be shown again.";
export const SECRET_COPIED_TEXT = 'The secret has been copied to your clipboard.';
export const SECRET_COPY_FAILED_TEXT =
  'Your browser did not allow copying. Select the secret and copy it instead.';
export const WEBHOOK_SAVED_TEXT = 'The webhook has been saved.';
export const WEBHOOK_DELETED_TEXT = 'The webhook has been deleted.';
export const ROTATE_SECRET_TEXT =
  'A new secret replaces the current one at once: requests are signed with the new secret from now on, ' +
  'so update it wherever the old one is checked.';

export const deleteWebhookText = (name: string) => `Delete the webhook "${name}"?`;
export const testDeliveredText = (name: string, statusCode: number | null) =>
  `The test lead reached "${name}"${statusCode === null ? '' : ` (status ${statusCode})`}.`;
export const testFailedText = (name: string, error: string | null) =>
  `The test lead did not reach "${name}": ${error ?? 'no answer.'}`;
