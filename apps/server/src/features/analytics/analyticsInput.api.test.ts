import {
  ANALYTICS_RANGE_FUTURE_MESSAGE,
  ANALYTICS_RANGE_REVERSED_MESSAGE,
  ANALYTICS_RANGE_TOO_LONG_MESSAGE,
  MAX_ANALYTICS_RANGE_DAYS,
  quizAnalyticsCsvEndpoint,
  quizAnalyticsEndpoint,
} from '@quizbeam/contracts/analytics';
import { pathOf } from '@quizbeam/contracts/endpoint';
import { URL_FIELD_NAME_TEXT } from '@quizbeam/contracts/measurement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnalyticsTestApp } from '../../testing/analytics';
import { APP_ORIGIN, type SignedInAccount, type TestApp } from '../../testing/testApp';

let t: TestApp;
let owner: SignedInAccount;
let quizId: string;
beforeAll(async () => {
  t = await startAnalyticsTestApp();
  owner = await t.signIn();
  quizId = (
    (await owner.call('POST', '/api/quizzes', { name: 'Mine', type: 'general' })).json() as { quizId: string }
  ).quizId;
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const both = [quizAnalyticsEndpoint, quizAnalyticsCsvEndpoint] as const;

describe('what the Analytics calls refuse', () => {
  it.each([
    ['a malformed date', { from: '2026-1-5' }, 'Use a date as YYYY-MM-DD.'],
    ['a day that does not exist', { from: '2026-02-30' }, 'Use a date as YYYY-MM-DD.'],
    ['a malformed end', { to: 'yesterday' }, 'Use a date as YYYY-MM-DD.'],
    ['a range starting tomorrow', { from: dayFromToday(1) }, ANALYTICS_RANGE_FUTURE_MESSAGE],
    ['a range in the future', { from: dayFromToday(3), to: dayFromToday(9) }, ANALYTICS_RANGE_FUTURE_MESSAGE],
    ['a reversed range', { from: dayFromToday(-3), to: dayFromToday(-5) }, ANALYTICS_RANGE_REVERSED_MESSAGE],
    [
      'a range over five years',
      { from: dayFromToday(-MAX_ANALYTICS_RANGE_DAYS), to: dayFromToday(0) },
      ANALYTICS_RANGE_TOO_LONG_MESSAGE,
    ],
    ['a version that is not a number', { version: 'latest' }, 'querystring/version'],
    ['version 0', { version: '0' }, 'querystring/version'],
  ])('%s with a 400 that says why', async (_name, query, message) => {
    for (const declaration of both) {
      const response = await owner.send(declaration, {
        params: { account: owner.accountId, id: quizId },
        query,
      });
      expect([declaration.path, response.statusCode]).toEqual([declaration.path, 400]);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        error: expect.stringContaining(message),
      });
    }
  });

  it.each([
    ['a URL field name with a space', 'utm source'],
    ['a URL field name over 40 characters', 'x'.repeat(41)],
    ['an empty URL field name', ''],
  ])('%s with a 400 that says why', async (_name, urlField) => {
    const response = await owner.send(quizAnalyticsEndpoint, {
      params: { account: owner.accountId, id: quizId },
      query: { urlField },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      error: expect.stringContaining(URL_FIELD_NAME_TEXT),
    });
  });

  it("answers 404 for another account's quiz asked for a URL field breakdown, 401 signed out", async () => {
    const stranger = await t.signIn();
    const asStranger = await stranger.send(quizAnalyticsEndpoint, {
      params: { account: stranger.accountId, id: quizId },
      query: { urlField: 'ref' },
    });
    expect([asStranger.statusCode, asStranger.json()]).toEqual([
      404,
      expect.objectContaining({ code: 'not_found' }),
    ]);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `${pathOf(quizAnalyticsEndpoint, { account: owner.accountId, id: quizId })}?urlField=ref`,
      headers: { origin: APP_ORIGIN },
    });
    expect([signedOut.statusCode, signedOut.json()]).toEqual([
      401,
      expect.objectContaining({ code: 'unauthenticated' }),
    ]);
    // The owner is answered, with an empty breakdown: the quiz has no visits.
    const own = await owner.send(quizAnalyticsEndpoint, {
      params: { account: owner.accountId, id: quizId },
      query: { urlField: 'ref' },
    });
    expect(own.data()).toMatchObject({
      urlFields: [],
      urlFieldBreakdown: { name: 'ref', rows: [], otherValues: 0 },
    });
  });

  it("answers 404 for an unknown quiz and another account's, whatever the range", async () => {
    const stranger = await t.signIn();
    for (const declaration of both) {
      for (const [caller, id, query] of [
        [owner, crypto.randomUUID(), {}],
        [stranger, quizId, {}],
        [stranger, quizId, { from: dayFromToday(-1), to: dayFromToday(-5) }],
      ] as const) {
        const response = await caller.send(declaration, { params: { account: caller.accountId, id }, query });
        expect([declaration.path, response.statusCode]).toEqual([declaration.path, 404]);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    }
  });

  it('does not exist for a limited account, even for its own quiz', async () => {
    const limited = await t.signIn({ isLimited: true });
    const own = (await limited.call('POST', '/api/quizzes', { name: 'Limited', type: 'scored' })).json() as {
      quizId: string;
    };
    for (const declaration of both) {
      const response = await limited.send(declaration, {
        params: { account: limited.accountId, id: own.quizId },
      });
      expect([declaration.path, response.statusCode]).toEqual([declaration.path, 404]);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('asks a signed-out caller to sign in', async () => {
    for (const declaration of both) {
      const response = await t.app.inject({
        method: 'GET',
        url: pathOf(declaration, { account: owner.accountId, id: quizId }),
        headers: { origin: APP_ORIGIN },
      });
      expect([declaration.path, response.statusCode]).toEqual([declaration.path, 401]);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });
});
