import {
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
  QUIZ_UNAVAILABLE_TITLE,
} from '@quizbeam/contracts/admin';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import {
  liveSnapshotIdOf,
  PUBLISH_HOST,
  PUBLISH_ORIGIN,
  storedScoredQuiz,
  visitorOf,
} from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestAppPair, type TestApp } from '../../testing/testApp';
import { SITE_CHANGES_APPLICATION_NAME } from './siteChangeListener';
import { SITE_CHANGES_CHANNEL } from './siteChanges';

/**
 * Two server processes on one PostgreSQL database (a scale-out deployment): what one changes, the other
 * serves within a second. Its caches would otherwise re-check only after 5 s (pages, snapshot and account
 * status) or 30 s (the custom-domain list), so every check here fails without the announcements.
 */
const ANNOUNCED_WITHIN_MS = 1_000;

let pair: Awaited<ReturnType<typeof startTestAppPair>>;
let a: TestApp;
let b: TestApp;
let dns: TestDnsServer;

/** Runs the check until it passes, for at most `ms`; its last failure otherwise. */
async function within(ms: number, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pageOn = (t: TestApp, slug: string, host = PUBLISH_HOST) =>
  visitorOf(t)('GET', `/${slug}`, undefined, host);
const faviconOn = (t: TestApp, host: string) => visitorOf(t)('GET', '/favicon.ico', undefined, host);

async function publish(owner: SignedInAccount, quiz: Quiz): Promise<Quiz> {
  const answer = await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, quiz);
  expect(answer.statusCode).toBe(200);
  return quizSchema.parse(answer.json());
}

async function expectPage(t: TestApp, slug: string, text: string, host = PUBLISH_HOST): Promise<void> {
  const page = await pageOn(t, slug, host);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(text);
}

const pidRows = z.object({ rows: z.array(z.object({ pid: z.coerce.number() })) });

/** The backends of both apps' listeners that have run their LISTEN. */
async function listenerPids(): Promise<number[]> {
  const result = await a.database.db.execute(sql`
    select pid from pg_stat_activity
    where datname = current_database() and application_name = ${SITE_CHANGES_APPLICATION_NAME}
      and query ilike 'LISTEN%'`);
  return pidRows
    .parse(result)
    .rows.map((row) => row.pid)
    .sort();
}

describe.skipIf(!process.env.DATABASE_URL)('published-site changes across server processes', () => {
  beforeAll(async () => {
    dns = await startTestDnsServer({ '*.example.com': { cname: 'quizzes.test.' } });
    pair = await startTestAppPair({
      APP_URL: APP_ORIGIN,
      PUBLISH_URL: PUBLISH_ORIGIN,
      DNS_SERVERS: dns.address,
    });
    a = pair.first;
    b = pair.second;
  });
  afterAll(async () => {
    await pair?.close();
    await dns?.close();
  });

  it('shows a Publish, Republish and Unpublish made on one process on the other within a second', async () => {
    const owner = await a.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const slug = quiz.publishedId ?? '';
    // B has answered, and remembers, the 404 of the path with nothing live yet.
    expect((await pageOn(b, slug)).statusCode).toBe(404);

    const live = await publish(owner, quiz);
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan'));

    // B now keeps the page in memory: a Republish on A replaces it there too.
    const republished = await publish(owner, { ...live, title: 'Pick your plan' });
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Pick your plan'));

    const snapshotId = await liveSnapshotIdOf(a, quiz.id);
    const postEvent = () =>
      visitorOf(b)('POST', '/_q/events', {
        snapshotId,
        visitId: `visit-${crypto.randomUUID()}`,
        events: [{ type: 'visit' }],
      });
    expect((await postEvent()).statusCode).toBe(202);

    const unpublished = await owner.call(
      'POST',
      `/accounts/${owner.accountId}/quizzes/${quiz.id}/unpublish`,
      republished,
    );
    expect(unpublished.statusCode).toBe(200);
    await within(ANNOUNCED_WITHIN_MS, async () => {
      expect((await pageOn(b, slug)).statusCode).toBe(404);
      // The snapshot B had found taking visitors takes none any more.
      expect((await postEvent()).statusCode).toBe(404);
    });
  });

  it('takes a deleted quiz’s page down on the other process within a second', async () => {
    const owner = await a.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await publish(owner, quiz);
    const slug = quiz.publishedId ?? '';
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan'));
    expect((await owner.call('DELETE', `/api/quizzes/${quiz.id}`)).statusCode).toBe(200);
    await within(ANNOUNCED_WITHIN_MS, async () => expect((await pageOn(b, slug)).statusCode).toBe(404));
  });

  it('routes a custom domain added on one process on the other within a second, and stops when removed', async () => {
    const owner = await a.signIn();
    const host = 'shop.example.com';
    // B read its domain list when it started: the host is nobody's yet.
    expect((await faviconOn(b, host)).statusCode).toBe(404);

    const added = await owner.call('POST', '/api/domain', { host });
    expect(added.statusCode).toBe(200);
    await within(ANNOUNCED_WITHIN_MS, async () => expect((await faviconOn(b, host)).statusCode).toBe(200));

    const { quiz } = await storedScoredQuiz(owner.call);
    await publish(owner, { ...quiz, domain: host });
    const slug = quiz.publishedId ?? '';
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan', host));

    const removed = await owner.call(
      'DELETE',
      `/api/domain/${z.object({ id: z.string() }).parse(added.json()).id}`,
    );
    expect(removed.statusCode).toBe(200);
    await within(ANNOUNCED_WITHIN_MS, async () => {
      expect((await faviconOn(b, host)).statusCode).toBe(404);
      expect((await pageOn(b, slug, host)).statusCode).toBe(404);
    });
  });

  it('shows an account disabled on one process as unavailable on the other within a second', async () => {
    const admin = await a.signIn({ isAdmin: true });
    const owner = await a.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await publish(owner, quiz);
    const slug = quiz.publishedId ?? '';
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan'));

    (await admin.send(disableAdminAccountEndpoint, { params: { id: owner.accountId } })).data();
    await within(ANNOUNCED_WITHIN_MS, async () => {
      const page = await pageOn(b, slug);
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain(QUIZ_UNAVAILABLE_TITLE);
    });

    (await admin.send(enableAdminAccountEndpoint, { params: { id: owner.accountId } })).data();
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan'));
  });

  it('ignores a malformed notification and goes on applying the next ones', async () => {
    for (const payload of [
      'not json',
      JSON.stringify({ origin: 'elsewhere', change: { kind: 'nonsense' } }),
    ]) {
      await a.database.db.execute(sql`select pg_notify(${SITE_CHANGES_CHANNEL}, ${payload})`);
    }
    const owner = await a.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const slug = quiz.publishedId ?? '';
    expect((await pageOn(b, slug)).statusCode).toBe(404);
    await publish(owner, quiz);
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Find your plan'));
  });

  it('listens again after its connection is cut, catching up on what it missed meanwhile', async () => {
    const owner = await a.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const slug = quiz.publishedId ?? '';
    let live = await publish(owner, quiz);
    // Once B has heard this Publish (which drops the page), it keeps the page it renders next for 5 s.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectPage(b, slug, 'Find your plan');

    const cut = await listenerPids();
    expect(cut).toHaveLength(2);
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${SITE_CHANGES_APPLICATION_NAME}`);
    await within(5_000, async () => expect(await listenerPids()).toEqual([]));

    // Announced while nobody listens: B learns of it when it reconnects (1 s later), not 5 s on.
    live = await publish(owner, { ...live, title: 'Changed while cut' });
    await within(3_000, () => expectPage(b, slug, 'Changed while cut'));

    await within(5_000, async () => {
      const pids = await listenerPids();
      expect(pids).toHaveLength(2);
      expect(pids.filter((pid) => cut.includes(pid))).toEqual([]);
    });
    await publish(owner, { ...live, title: 'Changed after reconnecting' });
    await within(ANNOUNCED_WITHIN_MS, () => expectPage(b, slug, 'Changed after reconnecting'));
  });
});
