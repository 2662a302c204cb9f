import { normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import type { Database } from '@quizbeam/db/database';
import { z } from 'zod';
import { type NewLeadFacts, newLeadMessage } from '../../../email/leadNotificationMessages';
import type { Mailer } from '../../../email/mailer';
import { type LeadEmailSettings, leadEmailLinks } from '../../leadNotifications/leadEmailLinks';
import { unsubscribedEmails } from '../../leadNotifications/unsubscribes';
import { leadFieldDisplay } from '../deliveredLeadFields';
import type { LeadForDelivery } from '../leadPayload';
import type { ClassifiedAttempt } from './classifyAttempt';
import type { DestinationSender } from './sendDelivery';

/** `lead_deliveries.destination` for `lead-email`: the recipients the quiz listed when the lead came. */
export const leadEmailDestinationSchema = z.object({ recipients: z.array(z.string().max(254)).max(50) });

export const ALL_UNSUBSCRIBED_TEXT = 'Every recipient has unsubscribed from these emails; none was sent.';

export interface LeadEmailSenderOptions extends LeadEmailSettings {
  db: Database;
  mailer: Mailer;
}

/** The lead as the email shows it. */
export function newLeadFacts(lead: LeadForDelivery, fallbackQuizName: string): NewLeadFacts {
  return {
    quizName: lead.quizName?.trim() || fallbackQuizName,
    email: lead.email,
    name: lead.name,
    fields: lead.fields.list.map((field) => ({ label: field.label, value: leadFieldDisplay(field.value) })),
    outcome: lead.outcome?.title.trim() || null,
    score: lead.quizType === 'scored' ? `${lead.score} (${lead.percent}%)` : null,
    urlFields: Object.entries(lead.urlFields).map(([name, value]) => ({ name, value })),
    submittedAt: lead.createdAt,
  };
}

const reasonOf = (result: PromiseRejectedResult) =>
  result.reason instanceof Error ? result.reason.message : String(result.reason);

const attemptOf = (
  outcome: ClassifiedAttempt['outcome'],
  started: number,
  error: string | null,
  responseExcerpt: string | null,
): ClassifiedAttempt => ({
  outcome,
  retryAfterMs: null,
  statusCode: null,
  error: error?.slice(0, 2048) ?? null,
  responseExcerpt: responseExcerpt?.slice(0, 2048) ?? null,
  durationMs: Math.round(performance.now() - started),
});

/**
 * Delivers `lead-email` deliveries: one email per listed recipient who has not unsubscribed from the quiz,
 * each with its own unsubscribe link. Nobody gets the same lead twice: only when no email went out is the
 * attempt retried; when some went and some failed it counts as delivered, naming who was missed.
 */
export function createLeadEmailSender(options: LeadEmailSenderOptions): DestinationSender {
  const { db, mailer } = options;
  return async (delivery, lead) => {
    const started = performance.now();
    const parsed = leadEmailDestinationSchema.safeParse(delivery.destination);
    if (!parsed.success) {
      return attemptOf('permanent', started, 'The recipients of this new-lead email are not listed.', null);
    }
    const listed = [
      ...new Set(parsed.data.recipients.flatMap((recipient) => normalizeEmailAddress(recipient) ?? [])),
    ];
    let unsubscribed: Set<string>;
    try {
      unsubscribed = await unsubscribedEmails(db, lead.quizId);
    } catch (error) {
      // The database may be back on the next attempt.
      const detail = error instanceof Error ? error.message : String(error);
      return attemptOf('retry', started, `Could not read who unsubscribed: ${detail}`, null);
    }
    const recipients = listed.filter((recipient) => !unsubscribed.has(recipient));
    if (recipients.length === 0) return attemptOf('delivered', started, null, ALL_UNSUBSCRIBED_TEXT);
    const facts = newLeadFacts(lead, 'Your quiz');
    const results = await Promise.allSettled(
      recipients.map((recipient) =>
        mailer.send(newLeadMessage(recipient, facts, leadEmailLinks(options, lead.quizId, recipient))),
      ),
    );
    const sent = recipients.filter((_recipient, index) => results[index]?.status === 'fulfilled');
    const failures = recipients.flatMap((recipient, index) => {
      const result = results[index];
      return result?.status === 'rejected' ? [`${recipient} (${reasonOf(result)})`] : [];
    });
    if (sent.length === 0) {
      return attemptOf('retry', started, `No new-lead email could be sent: ${failures.join('; ')}`, null);
    }
    const sentText = `Sent to ${sent.join(', ')}.`;
    if (failures.length === 0) return attemptOf('delivered', started, null, sentText);
    return attemptOf(
      'delivered',
      started,
      `Not sent to ${failures.join('; ')}. Not retried, so that nobody gets this lead twice.`,
      sentText,
    );
  };
}
