import { describe, expect, it } from 'vitest';
import type { OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { classifyAttempt, excerpt } from './classifyAttempt';
import { parseRetryAfter } from './retryAfter';

const NOW = Date.parse('2025-03-01T12:00:00Z');

function answer(status: number, headers: Record<string, string> = {}, bodyText = ''): OutboundResponse {
  return {
    status,
    headers,
    bodyText,
    truncated: false,
    durationMs: 12,
    url: 'https://example.com/',
    redirectCount: 0,
  };
}

const asWebhook = { redirectMeansDelivered: false, now: NOW };
const asForm = { redirectMeansDelivered: true, now: NOW };

describe('classifyAttempt', () => {
  it.each([200, 201, 202, 204, 299])('%i is delivered', (status) => {
    expect(classifyAttempt(answer(status), asWebhook)).toMatchObject({
      outcome: 'delivered',
      statusCode: status,
      error: null,
    });
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504, 599])('%i is retried', (status) => {
    expect(classifyAttempt(answer(status), asWebhook)).toMatchObject({
      outcome: 'retry',
      statusCode: status,
      error: `HTTP ${status}`,
      retryAfterMs: null,
    });
  });

  it.each([400, 401, 403, 404, 405, 410, 413, 422, 451])('%i stops at once', (status) => {
    expect(classifyAttempt(answer(status), asWebhook)).toMatchObject({
      outcome: 'permanent',
      statusCode: status,
    });
  });

  it('counts a redirect as delivered for an HTML form, and as refused for a webhook', () => {
    const redirect = answer(302, { location: 'https://example.com/thanks' });
    expect(classifyAttempt(redirect, asForm).outcome).toBe('delivered');
    expect(classifyAttempt(redirect, asWebhook)).toMatchObject({
      outcome: 'permanent',
      error: 'HTTP 302; redirected to https://example.com/thanks; update the address',
    });
  });

  it('honours Retry-After in seconds and as an HTTP date', () => {
    expect(classifyAttempt(answer(429, { 'retry-after': '120' }), asWebhook).retryAfterMs).toBe(120_000);
    const date = new Date(NOW + 90_000).toUTCString();
    expect(classifyAttempt(answer(503, { 'retry-after': date }), asWebhook).retryAfterMs).toBe(90_000);
    expect(classifyAttempt(answer(200, { 'retry-after': '120' }), asWebhook).retryAfterMs).toBeNull();
  });

  it('records a cut-off answer as a failed attempt that is not retried by itself', () => {
    const big = { ...answer(200, {}, 'x'.repeat(4096)), truncated: true };
    const classified = classifyAttempt(big, asWebhook);
    expect(classified.outcome).toBe('permanent');
    expect(classified.error).toContain('cut off');
    expect(classified.responseExcerpt).toHaveLength(2048);
  });

  it.each([
    ['refused_address', 'permanent'],
    ['bad_url', 'permanent'],
    ['timeout', 'retry'],
    ['network', 'retry'],
    ['too_many_redirects', 'retry'],
  ] as const)('an error of kind %s is %s', (kind, outcome) => {
    const error = new OutboundError(kind, `failed: ${kind}`);
    error.durationMs = 200;
    expect(classifyAttempt(error, asWebhook)).toEqual({
      outcome,
      retryAfterMs: null,
      statusCode: null,
      error: `failed: ${kind}`,
      responseExcerpt: null,
      durationMs: 200,
    });
  });
});

describe('excerpt', () => {
  it('keeps the first 2 KB and replaces NUL, which PostgreSQL refuses in text', () => {
    expect(excerpt('a\u0000b')).toBe('a\uFFFDb');
    expect(Buffer.byteLength(excerpt('é'.repeat(3000)))).toBe(2048);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, dates, and nothing else', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('999999999', NOW)).toBe(24 * 60 * 60 * 1000);
  });
});
