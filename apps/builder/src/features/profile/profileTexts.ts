import { PASSWORD_MIN_LENGTH } from '@quizbeam/contracts/auth';

export const PROFILE_TITLE = 'Profile';
export const PASSWORD_RULE_TEXT = `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const CURRENT_PASSWORD_REQUIRED_TEXT = 'Please enter your current password.';
export const EMAIL_CHANGE_HINT =
  'We email a link to the new address. Your email changes when you open it; until then you sign in with the current one.';

export const pendingEmailText = (pendingEmail: string) =>
  `Waiting for you to confirm ${pendingEmail}: open the link we emailed there.`;

export function otherSessionsText(count: number): string {
  if (count === 0) return 'You are not signed in on any other device or browser.';
  if (count === 1) return 'You are signed in on 1 other device or browser.';
  return `You are signed in on ${count.toLocaleString('en-US')} other devices or browsers.`;
}

const startedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const sessionStartedText = (startedAt: string) =>
  `You signed in here on ${startedAtFormat.format(new Date(startedAt))}.`;
