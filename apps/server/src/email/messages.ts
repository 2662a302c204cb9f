import { escapeHtml } from '@quizbeam/player/escapeHtml';
import type { EmailMessage } from './mailer';

/** An email about one link, shown as a button: a greeting, the paragraph leading to it, then the rest. */
export function render(
  to: string,
  subject: string,
  paragraphs: string[],
  link: string,
  button: string,
): EmailMessage {
  const [greeting, ...rest] = paragraphs;
  const text = [greeting, ...rest.slice(0, 1), link, ...rest.slice(1), 'The Quizbeam team'].join('\n\n');
  const htmlParagraphs = rest
    .slice(1)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting ?? '')}</p><p>${escapeHtml(rest[0] ?? '')}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>
${htmlParagraphs}<p>The Quizbeam team</p></body></html>`;
  return { to, subject, text, html, link };
}

export function passwordResetMessage(to: string, link: string): EmailMessage {
  return render(
    to,
    'Reset your Quizbeam password',
    [
      'Hi,',
      'Someone, hopefully you, asked to reset the password of your Quizbeam account. Open this link within the next hour to choose a new password:',
      'The link works once. If you did not ask for it, you can ignore this email and your password stays as it is.',
    ],
    link,
    'Choose a new password',
  );
}

export function setPasswordMessage(to: string, accountName: string, link: string): EmailMessage {
  return render(
    to,
    'Welcome to Quizbeam: set your password',
    [
      'Hi,',
      `An account for ${accountName} has been created for you on Quizbeam. Open this link within the next 7 days to choose your password and sign in:`,
      'The link works once. If you were not expecting this email, you can ignore it.',
    ],
    link,
    'Set your password',
  );
}

export interface DeliveryFailureFacts {
  destinationName: string;
  quizName: string;
  /** Leads whose delivery to this destination failed for good and wait for a resend. */
  waitingLeads: number;
  lastError: string | null;
}

export function deliveryFailedMessage(to: string, facts: DeliveryFailureFacts, link: string): EmailMessage {
  const leads = facts.waitingLeads === 1 ? '1 lead is' : `${facts.waitingLeads} leads are`;
  return render(
    to,
    `Leads from "${facts.quizName}" are not reaching ${facts.destinationName}`,
    [
      'Hi,',
      `Quizbeam could not deliver leads of your quiz "${facts.quizName}" to ${facts.destinationName} and has stopped trying. ${leads} waiting for that destination. Once it works again, open the quiz's leads and resend them:`,
      `The last error: ${facts.lastError ?? 'unknown'}.`,
      'The leads are kept safe in Quizbeam until you resend them. We send this email at most once a day per destination.',
    ],
    link,
    'See the leads and resend',
  );
}

/** A connection to an email service stopped working: its leads wait for a reconnect (never dropped). */
export function reconnectNeededMessage(
  to: string,
  facts: { connectionName: string; serviceName: string; reason: string },
  link: string,
): EmailMessage {
  return render(
    to,
    `Reconnect ${facts.connectionName}: leads are waiting`,
    [
      'Hi,',
      `Your ${facts.serviceName} connection "${facts.connectionName}" stopped accepting Quizbeam's requests, so new leads for it are waiting. Reconnect it on the Integrations page and they are delivered at once.`,
      `What ${facts.serviceName} said: ${facts.reason}`,
      'The leads are kept safe in Quizbeam until then.',
    ],
    link,
    'Reconnect',
  );
}

/** Sent once a month, to each user of the account, when a lead takes the month past the account's lead limit. */
export function leadLimitPassedMessage(to: string, facts: { limitText: string }, link: string): EmailMessage {
  return render(
    to,
    'Your Quizbeam account has passed its monthly lead limit',
    [
      'Hi,',
      `${facts.limitText} Your published quizzes keep working, and the leads of this month stay in Quizbeam. See your usage here:`,
      'We send this email once a month, the first time the limit is passed.',
    ],
    link,
    'See your usage',
  );
}
