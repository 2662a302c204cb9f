import type { AuditAction } from '@quizbeam/contracts/admin';
import type { Permissions } from '@quizbeam/contracts/auth';

export const CONSOLE_TITLE = 'Quizbeam Admin';
export const BACK_TO_MY_QUIZZES_TEXT = 'Back to My Quizzes';

export const PERMISSION_LABELS: Record<keyof Permissions, string> = {
  isLimited: 'Limited',
  commercialFeatures: 'Commercial features',
  extraTemplates: 'Extra templates',
  proVersion: 'Pro version',
};
export const PERMISSION_KEYS = Object.keys(PERMISSION_LABELS) as Array<keyof Permissions>;
export const NO_PERMISSIONS_TEXT = 'Standard';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.create': 'Account created',
  'account.update': 'Account changed',
  'account.disable': 'Account disabled',
  'account.enable': 'Account enabled',
  'account.export': 'Data exported',
  'user.password_reset': 'Password reset sent',
  'leads_challenge.create': 'Download added',
  'leads_challenge.update': 'Download changed',
  'leads_challenge.delete': 'Download removed',
  'template.create': 'Template created',
  'template.update': 'Template changed',
  'template_category.create': 'Category added',
  'template_category.rename': 'Category renamed',
  'template_category.delete': 'Category removed',
};

export const accountCreatedText = (email: string) =>
  `The account has been created. A set-password email has been sent to ${email}.`;
export const ACCOUNT_NAME_REQUIRED_TEXT = 'Please enter an account name.';
export const ADMIN_ACCOUNT_SAVED_TEXT = 'Account has been saved.';
export const passwordResetSentText = (email: string, hasPassword: boolean) =>
  hasPassword
    ? `A password reset email has been sent to ${email}.`
    : `A new set-password email has been sent to ${email}.`;
export const ACCOUNT_DISABLED_TEXT = 'The account has been disabled.';
export const ACCOUNT_ENABLED_TEXT = 'The account has been enabled.';
export const ACCOUNT_EXPORT_TEXT =
  'Everything the account holds as a zip file (its users, quizzes, leads, responses, domains and integrations; never passwords or keys), for a GDPR request. Each export is recorded in the audit log.';
export const ACCOUNT_NOT_FOUND_TEXT = 'That account could not be found. It may have been removed.';

export const DISABLE_ACCOUNT_TITLE = 'Disable this account?';
export const DISABLE_ACCOUNT_TEXT =
  'Its users are signed out and cannot sign in, its published quizzes show as unavailable, and no new leads are accepted. Nothing is deleted: enable the account again to bring everything back.';
export const ENABLE_ACCOUNT_TITLE = 'Enable this account?';
export const ENABLE_ACCOUNT_TEXT =
  'Its users can sign in again, its published quizzes are shown again, and new leads are accepted.';

export const LIMIT_INPUT_ERROR_TEXT = 'Please enter a whole number of 0 or more.';
export const limitTooHighText = (max: number) => `A limit cannot be above ${max.toLocaleString('en-US')}.`;
export const LIMITS_HINT =
  'Leave a field empty to use the default, shown in grey. A limit only refuses new quizzes, domains and the like: nothing already live stops.';

export const DOWNLOAD_ADDED_TEXT = 'The download has been added.';
export const DOWNLOAD_SAVED_TEXT = 'The download has been saved.';
export const DOWNLOAD_REMOVED_TEXT = 'The download has been removed.';
export const removeDownloadText = (title: string) =>
  `“${title}” and its file are removed from the Leads Challenge page for every account.`;
export const CHOOSE_FILE_TEXT = 'Please choose a file.';
export const LEADS_CHALLENGE_FILE_HINT =
  'A PDF, an image (PNG, JPEG, GIF or WebP) or a zip file, up to 25 MB.';
