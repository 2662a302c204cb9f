import { describe, expect, it } from 'vitest';
import { quizOfUnsubscribeToken, readUnsubscribeToken, unsubscribeToken } from './unsubscribeToken';

const SECRET = 'a-server-secret-that-is-long-enough-0123456789';
const quizId = '9b01ab4f-59b4-45e5-8d1a-ec7b05b1f5e4';
const email = 'ann.lee+leads@example.com';
const recipients = ['boss@example.com', email, 'team@example.com'];

describe('unsubscribe tokens', () => {
  it('name the quiz and, among its recipients, the address they were signed for', () => {
    const token = unsubscribeToken(SECRET, { quizId, email });
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    // A path segment of at most 100 characters (the router's limit), whatever the address.
    expect(
      unsubscribeToken(SECRET, { quizId, email: `${'a'.repeat(64)}@${'b'.repeat(180)}.com` }),
    ).toHaveLength(80);
    expect(token).not.toContain('ann.lee');
    expect(quizOfUnsubscribeToken(token)).toBe(quizId);
    expect(readUnsubscribeToken(SECRET, token, recipients)).toEqual({ quizId, email });
  });

  it('are refused when signed with another secret, for another quiz or address, or changed', () => {
    const token = unsubscribeToken(SECRET, { quizId, email });
    const [, signature = ''] = token.split('.');
    const otherQuiz = '0b01ab4f-59b4-45e5-8d1a-ec7b05b1f5e4';
    for (const forged of [
      unsubscribeToken('another-secret-that-is-long-enough-0123456789', { quizId, email }),
      unsubscribeToken(SECRET, { quizId, email: 'stranger@example.com' }),
      `${otherQuiz}.${signature}`,
      `${quizId}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${quizId}.${signature}=`,
      `${quizId}.${signature}.extra`,
      quizId,
      '',
      'not-a-token',
    ]) {
      expect([forged, readUnsubscribeToken(SECRET, forged, recipients)]).toEqual([forged, null]);
    }
  });

  it('name nobody once the address is among no recipients of the quiz', () => {
    const token = unsubscribeToken(SECRET, { quizId, email });
    expect(readUnsubscribeToken(SECRET, token, ['boss@example.com'])).toBeNull();
    expect(readUnsubscribeToken(SECRET, token, [])).toBeNull();
  });
});
