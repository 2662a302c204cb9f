import { addDomainEndpoint, listDomainsEndpoint, removeDomainEndpoint } from '@quizbeam/contracts/domains';
import { publishQuizEndpoint, unpublishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { deleteQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { movedQuizAddresses } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ '*.example.com': { cname: 'quizzes.test.' } });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const UTM = '?utm_source=newsletter&utm_campaign=spring';

const visit = (host: string, slug: string, query = '') =>
  visitorOf(t)('GET', `/${slug}${query}`, undefined, host);

/**
 * Publishes the quiz on the domain (null: our host) and visits it there, so its page is in the cache that a
 * move must drop.
 */
async function publishOn(account: SignedInAccount, quiz: Quiz, domain: string | null): Promise<Quiz> {
  const params = { account: account.accountId, id: quiz.id };
  const published = (await account.send(publishQuizEndpoint, { params, body: { ...quiz, domain } })).data();
  const { publishedHost, publishedId } = published;
  expect((await visit(publishedHost ?? '', publishedId ?? '')).statusCode).toBe(200);
  return published;
}

async function addDomains(account: SignedInAccount, ...hosts: string[]) {
  for (const host of hosts) (await account.send(addDomainEndpoint, { body: { host } })).data();
}

/** An account with a published quiz on our publish host, and two custom domains ready for it. */
async function liveOnPublishHost(first: string, second: string) {
  const account = await t.signIn();
  await addDomains(account, first, second);
  const { quiz } = await storedScoredQuiz(account.call);
  const live = await publishOn(account, quiz, null);
  const slug = live.publishedId ?? '';
  return { account, live, slug };
}

function expectRedirect(
  response: { statusCode: number; headers: Record<string, unknown> },
  location: string,
) {
  expect([301, 308]).toContain(response.statusCode);
  expect(response.headers.location).toBe(location);
}

describe('a quiz moved to another host', () => {
  it('redirects its old address permanently to the new one, keeping the query string', async () => {
    const { account, live, slug } = await liveOnPublishHost('move.example.com', 'next.example.com');
    const moved = await publishOn(account, live, 'move.example.com');
    expect(moved.publishedHost).toBe('move.example.com');

    const old = await visit(PUBLISH_HOST, slug, UTM);
    expectRedirect(old, `https://move.example.com/${slug}${UTM}`);
    expect(old.headers['cache-control']).toBe('public, no-cache');
    expect(old.headers['surrogate-key']).toBe(`quiz-${live.id}`);

    // From one domain to another: both earlier addresses lead to where the quiz is now.
    const again = await publishOn(account, moved, 'next.example.com');
    expectRedirect(await visit(PUBLISH_HOST, slug, UTM), `https://next.example.com/${slug}${UTM}`);
    expectRedirect(await visit('move.example.com', slug), `https://next.example.com/${slug}`);

    // And back: the address taken again serves the quiz, the others redirect to it.
    await publishOn(account, again, null);
    expectRedirect(await visit('move.example.com', slug, UTM), `${PUBLISH_ORIGIN}/${slug}${UTM}`);
    expectRedirect(await visit('next.example.com', slug), `${PUBLISH_ORIGIN}/${slug}`);
    const rows = await t.database.db
      .select({ host: movedQuizAddresses.host })
      .from(movedQuizAddresses)
      .where(eq(movedQuizAddresses.quizId, live.id));
    expect(rows.map((row) => row.host).sort()).toEqual(['move.example.com', 'next.example.com']);
  });

  it('answers 404 at old addresses while the quiz is unpublished, and redirects again once it is live', async () => {
    const { account, live, slug } = await liveOnPublishHost('down.example.com', 'down2.example.com');
    const moved = await publishOn(account, live, 'down.example.com');
    expectRedirect(await visit(PUBLISH_HOST, slug), `https://down.example.com/${slug}`);

    const params = { account: account.accountId, id: live.id };
    const unpublished = (await account.send(unpublishQuizEndpoint, { params, body: moved })).data();
    expect((await visit(PUBLISH_HOST, slug, UTM)).statusCode).toBe(404);
    expect((await visit('down.example.com', slug)).statusCode).toBe(404);

    await publishOn(account, unpublished, 'down.example.com');
    expectRedirect(await visit(PUBLISH_HOST, slug), `https://down.example.com/${slug}`);
  });

  it('forgets old addresses with the quiz, and with the domain they were on', async () => {
    const { account, live, slug } = await liveOnPublishHost('gone.example.com', 'stays.example.com');
    const onGone = await publishOn(account, live, 'gone.example.com');
    const onStays = await publishOn(account, onGone, 'stays.example.com');
    expectRedirect(await visit('gone.example.com', slug), `https://stays.example.com/${slug}`);

    const [gone] = (await account.send(listDomainsEndpoint))
      .data()
      .filter((d) => d.host === 'gone.example.com');
    (await account.send(removeDomainEndpoint, { params: { id: gone?.id ?? '' } })).data();
    const hosts = await t.database.db
      .select({ host: movedQuizAddresses.host })
      .from(movedQuizAddresses)
      .where(eq(movedQuizAddresses.quizId, live.id));
    expect(hosts).toEqual([{ host: PUBLISH_HOST }]);
    // Another account adding the domain does not inherit the redirect.
    const stranger = await t.signIn();
    await addDomains(stranger, 'gone.example.com');
    expect((await visit('gone.example.com', slug)).statusCode).toBe(404);

    expectRedirect(await visit(PUBLISH_HOST, slug), `https://stays.example.com/${slug}`);
    (await account.send(deleteQuizEndpoint, { params: { id: onStays.id } })).data();
    const left = await t.database.db
      .select()
      .from(movedQuizAddresses)
      .where(eq(movedQuizAddresses.quizId, live.id));
    expect(left).toEqual([]);
  });

  it('keeps a quiz that never moved at its one address, and random paths not found', async () => {
    const { slug } = await liveOnPublishHost('still.example.com', 'still2.example.com');
    expect((await visit('still.example.com', slug)).statusCode).toBe(404);
    expect((await visit(PUBLISH_HOST, 'zzzzzzzz')).statusCode).toBe(404);
  });
});
