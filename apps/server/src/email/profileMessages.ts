import type { EmailMessage } from './mailer';
import { render } from './messages';

/** Sent to the new address: the change happens only when this link is opened. */
export function confirmNewEmailMessage(
  to: string,
  facts: { currentEmail: string; lifetimeHours: number },
  link: string,
): EmailMessage {
  return render(
    to,
    'Confirm your new Quizbeam email address',
    [
      'Hi,',
      `Someone, hopefully you, asked to sign in to Quizbeam with this address instead of ${facts.currentEmail}. Open this link within the next ${facts.lifetimeHours} hours to confirm it:`,
      'The link works once. If you did not ask for this, you can ignore this email and nothing changes.',
    ],
    link,
    'Confirm your new email address',
  );
}

/** Sent to the old address once the change is made, so that a change its owner did not make is noticed. */
export function emailChangedMessage(
  to: string,
  facts: { newEmail: string; supportEmail: string },
): EmailMessage {
  return render(
    to,
    'Your Quizbeam email address was changed',
    [
      'Hi,',
      `The Quizbeam account that signed in with this address now signs in with ${facts.newEmail}. If you did not make this change, contact us at once:`,
      'If you made it, there is nothing else to do.',
    ],
    `mailto:${facts.supportEmail}`,
    'Contact support',
  );
}

/** Sent after a password change from the Profile screen; a reset is the way back for whoever did not make it. */
export function passwordChangedMessage(to: string, resetLink: string): EmailMessage {
  return render(
    to,
    'Your password was changed',
    [
      'Hi,',
      'The password of your Quizbeam account was just changed, and every other session was signed out. If you did not change it, choose a new password now:',
      'If you changed it, there is nothing else to do.',
    ],
    resetLink,
    'Choose a new password',
  );
}
