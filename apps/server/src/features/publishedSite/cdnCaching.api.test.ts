import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { QUIZ_UNAVAILABLE_TITLE } from '@quizbeam/contracts/admin';
import { addDomainEndpoint } from '@quizbeam/contracts/domains';
import { publishQuizEndpoint, unpublishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { liveSnapshotIdOf, PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import {
  directivesOf,
  ObedientSharedCache,
  type RequestHeaders,
  varyFieldsOf,
} from '../../testing/sharedCache';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ '*.example.com': { cname: 'quizzes.test.' } });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** The HTML a browser reads from an answer, decoded as its Content-Encoding says. */
function htmlOf(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  const body = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

const pageLanguageOf = (response: LightMyRequestResponse) =>
  /<html lang="([^"]+)"/.exec(htmlOf(response))?.[1];

async function publish(owner: SignedInAccount, quiz: Quiz, domain?: string | null): Promise<Quiz> {
  const params = { account: owner.accountId, id: quiz.id };
  const body = domain === undefined ? quiz : { ...quiz, domain };
  return (await owner.send(publishQuizEndpoint, { params, body })).data();
}

async function unpublish(owner: SignedInAccount, quiz: Quiz): Promise<Quiz> {
  return (
    await owner.send(unpublishQuizEndpoint, { params: { account: owner.accountId, id: quiz.id }, body: quiz })
  ).data();
}

async function setDisabled(accountId: string, disabled: boolean): Promise<void> {
  await t.context.db
    .update(accounts)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(accounts.id, accountId));
  await t.publishedSite().changes.announce({ kind: 'accountStatusChanged', accountId });
}

/** An answer no shared cache may keep, and no browser either. */
function expectNeverStored(response: LightMyRequestResponse): void {
  const directives = directivesOf(response);
  expect([response.statusCode, directives.has('no-store') || directives.has('private')]).toEqual([
    response.statusCode,
    true,
  ]);
  expect(directives.has('public')).toBe(false);
  expect(directives.has('s-maxage')).toBe(false);
}

describe('what a CDN obeying Cache-Control and Vary serves of published quizzes', () => {
  it('never keeps the answer for a path with nothing live, and shows a Publish at once', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${quiz.publishedId}`;

    const before = await cdn.get(PUBLISH_HOST, path);
    expect(before.response.statusCode).toBe(404);
    expectNeverStored(before.response);

    await publish(owner, quiz);
    const live = await cdn.get(PUBLISH_HOST, path);
    expect([live.response.statusCode, live.fromStore]).toEqual([200, false]);
    expect(htmlOf(live.response)).toContain('Find your plan');
  });

  it('never serves an unpublished quiz’s page as live, however recently it was cached', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    const first = await cdn.get(PUBLISH_HOST, path);
    expect(first.response.statusCode).toBe(200);
    // Kept, and reused only once Quizbeam says it is still the live page (a 304 to its ETag).
    const again = await cdn.get(PUBLISH_HOST, path);
    expect([again.response.statusCode, again.fromStore]).toEqual([200, true]);

    await unpublish(owner, live);
    const gone = await cdn.get(PUBLISH_HOST, path);
    expect([gone.response.statusCode, gone.fromStore]).toEqual([404, false]);
    expectNeverStored(gone.response);
    cdn.advance(86_400);
    expect((await cdn.get(PUBLISH_HOST, path)).response.statusCode).toBe(404);
  });

  it('serves a disabled account’s quiz as unavailable, never its cached page in place of the 503', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    expect((await cdn.get(PUBLISH_HOST, path)).response.statusCode).toBe(200);

    await setDisabled(owner.accountId, true);
    for (const wait of [0, 61, 3600]) {
      cdn.advance(wait);
      const unavailable = await cdn.get(PUBLISH_HOST, path);
      expect([wait, unavailable.response.statusCode, unavailable.fromStore]).toEqual([wait, 503, false]);
      expect(htmlOf(unavailable.response)).toContain(`<title>${QUIZ_UNAVAILABLE_TITLE}</title>`);
      expectNeverStored(unavailable.response);
    }
    await setDisabled(owner.accountId, false);
    expect((await cdn.get(PUBLISH_HOST, path)).response.statusCode).toBe(200);
  });

  it('shows a Republish at once, never the page it replaced', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    const first = await cdn.get(PUBLISH_HOST, path);
    expect(htmlOf(first.response)).toContain('Find your plan');

    await publish(owner, { ...live, title: 'Pick your plan' });
    const republished = await cdn.get(PUBLISH_HOST, path);
    expect([republished.response.statusCode, republished.fromStore]).toEqual([200, false]);
    expect(htmlOf(republished.response)).toContain('Pick your plan');
    expect(republished.response.headers.etag).not.toBe(first.response.headers.etag);
    const kept = await cdn.get(PUBLISH_HOST, path);
    expect([htmlOf(kept.response).includes('Pick your plan'), kept.fromStore]).toEqual([true, true]);
  });

  it('never keeps a moved quiz’s redirect once the quiz is back at that address', async () => {
    const owner = await t.signIn();
    (await owner.send(addDomainEndpoint, { body: { host: 'cdn-move.example.com' } })).data();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz, null);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    const moved = await publish(owner, live, 'cdn-move.example.com');
    const redirect = await cdn.get(PUBLISH_HOST, path);
    expect([redirect.response.statusCode, redirect.response.headers.location]).toEqual([
      301,
      `https://cdn-move.example.com${path}`,
    ]);

    await publish(owner, moved, null);
    const back = await cdn.get(PUBLISH_HOST, path);
    expect([back.response.statusCode, back.fromStore]).toEqual([200, false]);
    expect(htmlOf(back.response)).toContain('Find your plan');
  });

  it('keeps previews out of every cache', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const preview = await t.app.inject({
      method: 'POST',
      url: `/accounts/${owner.accountId}/quizzes/preview`,
      headers: {
        cookie: owner.cookie,
        origin: APP_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ data: JSON.stringify(quiz) }).toString(),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Find your plan');
    expectNeverStored(preview);
  });
});

describe('what varies per visitor, and what a CDN keeps of it', () => {
  const BROWSERS = { ja: 'ja-JP,ja;q=0.9', fr: 'fr-CA', none: '' };

  it('keeps one copy per language of a page that follows the browser, never one language for another', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, { ...quiz, language: { code: 'de', useBrowserLanguage: true } });
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    const visit = (acceptLanguage: string) =>
      cdn.get(PUBLISH_HOST, path, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    for (const round of [1, 2]) {
      for (const [acceptLanguage, shown] of [
        [BROWSERS.ja, 'ja'],
        [BROWSERS.fr, 'fr'],
        [BROWSERS.none, 'de'],
      ] as const) {
        const page = await visit(acceptLanguage);
        expect([round, acceptLanguage, pageLanguageOf(page.response)]).toEqual([
          round,
          acceptLanguage,
          shown,
        ]);
        expect(varyFieldsOf(page.response)).toContain('accept-language');
      }
    }
  });

  it('keeps one copy for every browser of a page in a fixed language', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, { ...quiz, language: { code: 'de', useBrowserLanguage: false } });
    const path = `/${live.publishedId}`;
    const answers = await Promise.all(
      Object.values(BROWSERS).map((acceptLanguage) =>
        t.app.inject({ url: path, headers: { host: PUBLISH_HOST, 'accept-language': acceptLanguage } }),
      ),
    );
    for (const answer of answers) {
      expect(varyFieldsOf(answer)).toEqual(['accept-encoding']);
      expect([pageLanguageOf(answer), answer.headers.etag]).toEqual(['de', answers[0]?.headers.etag]);
    }
  });

  it('serves every browser an encoding it accepts, even after revalidating another encoding’s copy', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    const cdn = new ObedientSharedCache(t.app);
    const path = `/${live.publishedId}`;
    for (const round of [1, 2]) {
      for (const [acceptEncoding, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const page = await cdn.get(
          PUBLISH_HOST,
          path,
          acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        );
        expect([round, acceptEncoding, page.response.headers['content-encoding']]).toEqual([
          round,
          acceptEncoding,
          encoding,
        ]);
        expect(htmlOf(page.response)).toContain('Find your plan');
      }
    }
  });

  // Quizbeam has no A/B tests (nothing in the product serves visitors different pages of one quiz). What does
  // differ per visitor: the language (above), the alternate outcome descriptions (rotated between visitors, in
  // the answers of the visitor API), and the consent bar of a quiz with tags (the choice stays in the browser).
  it('has no A/B tests: the page is the same for every visitor, and the rotated descriptions come in answers no cache keeps', async () => {
    const owner = await t.signIn({ proVersion: true });
    const { quiz, q, a } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({
        ...outcome,
        descriptions: ['Rotated description one', 'Rotated description two'],
      })),
      tracking: {
        useAccountDefaults: false,
        own: { gtmContainerId: 'GTM-CDNTEST', ga4MeasurementId: '', metaPixelId: '', askConsent: true },
      },
    });
    const path = `/${live.publishedId}`;
    const page = (headers: RequestHeaders) =>
      t.app.inject({ url: path, headers: { host: PUBLISH_HOST, 'accept-encoding': 'gzip', ...headers } });
    const plain = await page({});
    expect(plain.statusCode).toBe(200);
    expect(htmlOf(plain)).toContain('data-quizbeam-consent');
    expect(htmlOf(plain)).not.toContain('Rotated description');
    expect(plain.headers['set-cookie']).toBeUndefined();
    for (const [visitor, url] of [
      [{ cookie: 'qb-cookie-consent=granted; _ga=GA1.1.1.1' }, path],
      [{}, `${path}?utm_source=ads&utm_campaign=spring`],
      [{}, `${path}?preview=1`],
    ] as const) {
      const other = await t.app.inject({
        url,
        headers: { host: PUBLISH_HOST, 'accept-encoding': 'gzip', ...visitor },
      });
      expect([url, other.headers.etag, htmlOf(other)]).toEqual([url, plain.headers.etag, htmlOf(plain)]);
      expect(varyFieldsOf(other)).toEqual(['accept-encoding']);
    }

    const snapshotId = await liveSnapshotIdOf(t, quiz.id);
    const answers = [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] }));
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: '/_q/complete',
        headers: { host: PUBLISH_HOST, 'content-type': 'application/json' },
        payload: { snapshotId, visitId: `visit-${crypto.randomUUID()}`, answers },
      });
    const shown: number[] = [];
    for (const _visitor of [1, 2]) {
      const result = await complete();
      expect(result.statusCode).toBe(200);
      shown.push(Number(result.json().descriptionIndex));
      const directives = directivesOf(result);
      expect(directives.has('public') || directives.has('s-maxage') || directives.has('max-age')).toBe(false);
    }
    expect(shown.sort()).toEqual([0, 1]);
  });
});
