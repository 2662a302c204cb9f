import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../shared/secureTokens';

/*
 * A new-lead email's unsubscribe link names the quiz and, by a signature, the address: `{quizId}.{mac}`, the
 * mac an HMAC-SHA256 of both under a key derived from the server's secret for this one purpose (so it can
 * never pass for a cookie's or an upload's signature). The address itself is not in the link, which keeps it
 * out of logs and short enough for a path segment; it is found among the quiz's recipients. It does not
 * expire: an old email's link must still work.
 */

export interface UnsubscribeSubject {
  quizId: string;
  email: string;
}

const unsubscribeKey = (secret: string) =>
  createHmac('sha256', secret).update('quizbeam:lead-email-unsubscribe:v1').digest();

const mac = (secret: string, { quizId, email }: UnsubscribeSubject) =>
  createHmac('sha256', unsubscribeKey(secret)).update(`${quizId}\n${email}`).digest('base64url');

const MAC_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function unsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  return `${subject.quizId}.${mac(secret, subject)}`;
}

/** The quiz a well-formed token names (its signature still to be checked), or null. */
export function quizOfUnsubscribeToken(token: string): string | null {
  const [quizId, signature, ...rest] = token.split('.');
  if (!quizId || !signature || rest.length > 0 || !isUuid(quizId) || !MAC_PATTERN.test(signature))
    return null;
  return quizId;
}

/**
 * The quiz and address a token was signed for, the address being one of `recipients` (the addresses the quiz
 * has sent to), or null when it is malformed or signed for none of them.
 */
export function readUnsubscribeToken(
  secret: string,
  token: string,
  recipients: readonly string[],
): UnsubscribeSubject | null {
  const quizId = quizOfUnsubscribeToken(token);
  if (quizId === null) return null;
  // Compared as text: base64 decoding skips stray characters, so decoded bytes could hide tampering.
  const given = Buffer.from(token.slice(quizId.length + 1));
  const email = recipients.find((recipient) => {
    const expected = Buffer.from(mac(secret, { quizId, email: recipient }));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return email === undefined ? null : { quizId, email };
}
