import { escapeHtml } from '@quizbeam/player/escapeHtml';
import type { EmailMessage } from './mailer';

/** Where a new-lead email leads: the quiz's Leads tab, and the recipient's own unsubscribe link. */
export interface LeadEmailLinks {
  leadsUrl: string;
  unsubscribeUrl: string;
}

/** One lead as the per-lead email shows it; every value as the visitor gave it. */
export interface NewLeadFacts {
  quizName: string;
  email: string;
  name: string | null;
  /** The capture form's other fields, in the form's order, each value as the Leads tab shows it. */
  fields: { label: string; value: string }[];
  outcome: string | null;
  /** A scored quiz's score as shown ("7 (70%)"); null for a general quiz. */
  score: string | null;
  /** The address parameters the quiz keeps (utm_source, gclid, ref…), in the order the lead has them. */
  urlFields: { name: string; value: string }[];
  submittedAt: Date;
}

/** One row of a digest. */
export interface DigestLead {
  createdAt: Date;
  email: string;
  name: string | null;
  outcome: string | null;
}

export interface LeadDigestFacts {
  quizName: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Every lead of the day, of which `leads` are the first (at most 100). */
  total: number;
  leads: DigestLead[];
}

export const LEADS_BUTTON_TEXT = 'See the leads';

/** A header can hold no line break; a quiz name with one would otherwise break the subject. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** 2026-11-27 09:05 UTC: the time every recipient reads the same way, whatever their zone. */
export const utcTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function footerText(to: string, quizName: string, unsubscribeUrl: string): string {
  return `You get this email because ${to} is listed for the new-lead emails of "${quizName}". To stop them, open this link: ${unsubscribeUrl}`;
}

function footerHtml(to: string, quizName: string, unsubscribeUrl: string): string {
  return `<p style="font-size:13px;color:#6b7280">You get this email because ${escapeHtml(to)} is listed for the new-lead emails of “${escapeHtml(quizName)}”. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`;
}

const button = (url: string) =>
  `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${LEADS_BUTTON_TEXT}</a></p>`;

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">${body}<p>The Quizbeam team</p></body></html>`;

/** One-click unsubscribe (RFC 8058): mail programs show their own Unsubscribe, which posts to the link. */
const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The rows of a lead's details, label and value, in the order the email lists them. */
function detailRows(facts: NewLeadFacts): [string, string][] {
  return [
    ['Email', facts.email],
    ...(facts.name ? ([['Name', facts.name]] as [string, string][]) : []),
    ...facts.fields.map((field): [string, string] => [field.label, field.value]),
    ...(facts.outcome ? ([['Outcome', facts.outcome]] as [string, string][]) : []),
    ...(facts.score ? ([['Score', facts.score]] as [string, string][]) : []),
    ...facts.urlFields.map((field): [string, string] => [field.name, field.value]),
    ['Submitted', utcTime(facts.submittedAt)],
  ];
}

/** The email a recipient gets for each new lead of a quiz that sends one per lead. */
export function newLeadMessage(to: string, facts: NewLeadFacts, links: LeadEmailLinks): EmailMessage {
  const quizName = oneLine(facts.quizName);
  const rows = detailRows(facts);
  const text = [
    'Hi,',
    `Your quiz "${quizName}" has a new lead:`,
    rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    `See all the quiz's leads: ${links.leadsUrl}`,
    footerText(to, quizName, links.unsubscribeUrl),
    'The Quizbeam team',
  ].join('\n\n');
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;vertical-align:top;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = page(
    `<p>Hi,</p><p>Your quiz “${escapeHtml(quizName)}” has a new lead:</p><table style="border-collapse:collapse">${table}</table>${button(links.leadsUrl)}${footerHtml(to, quizName, links.unsubscribeUrl)}`,
  );
  return {
    to,
    subject: oneLine(`New lead for ${quizName}: ${facts.email}`),
    text,
    html,
    link: links.leadsUrl,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

/** The day's leads of a quiz that sends a daily digest. */
export function leadDigestMessage(to: string, facts: LeadDigestFacts, links: LeadEmailLinks): EmailMessage {
  const quizName = oneLine(facts.quizName);
  const more = facts.total - facts.leads.length;
  const moreText = more > 0 ? `and ${plural(more, 'more lead', 'more leads')}` : null;
  const intro = `Your quiz "${quizName}" had ${plural(facts.total, 'new lead', 'new leads')} on ${facts.day} (UTC):`;
  const line = (lead: DigestLead) =>
    [utcTime(lead.createdAt), lead.email, lead.name ?? '', lead.outcome ?? ''].filter(Boolean).join(' · ');
  const text = [
    'Hi,',
    intro,
    [...facts.leads.map(line), ...(moreText ? [moreText] : [])].join('\n'),
    `See all the quiz's leads: ${links.leadsUrl}`,
    footerText(to, quizName, links.unsubscribeUrl),
    'The Quizbeam team',
  ].join('\n\n');
  const cell = (value: string) =>
    `<td style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(value)}</td>`;
  const headerCell = (label: string) => `<th align="left" style="padding:4px 12px 4px 0">${label}</th>`;
  const rows = facts.leads
    .map(
      (lead) =>
        `<tr>${cell(utcTime(lead.createdAt).slice(11))}${cell(lead.email)}${cell(lead.name ?? '')}${cell(lead.outcome ?? '')}</tr>`,
    )
    .join('');
  const html = page(
    `<p>Hi,</p><p>Your quiz “${escapeHtml(quizName)}” had ${plural(facts.total, 'new lead', 'new leads')} on ${escapeHtml(facts.day)} (UTC):</p>` +
      `<table style="border-collapse:collapse"><tr>${headerCell('Time')}${headerCell('Email')}${headerCell('Name')}${headerCell('Outcome')}</tr>${rows}</table>` +
      `${moreText ? `<p>${moreText}</p>` : ''}${button(links.leadsUrl)}${footerHtml(to, quizName, links.unsubscribeUrl)}`,
  );
  return {
    to,
    subject: oneLine(`${plural(facts.total, 'new lead', 'new leads')} for ${quizName} on ${facts.day}`),
    text,
    html,
    link: links.leadsUrl,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
