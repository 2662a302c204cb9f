import { QUIZ_UNAVAILABLE_TITLE } from '@quizbeam/contracts/admin';
import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountDisabled } from '../features/admin/accountStatus';
import { addDomain } from '../features/domains/addDomain';
import { removeDomain } from '../features/domains/removeDomain';
import { addDomainSettingsOf } from '../features/domains/routes';
import { publishQuiz, unpublishQuiz } from '../features/publishing/publishQuiz';
import { deleteQuiz } from '../features/quizzes/deleteQuiz';
import { startTestDnsServer, type TestDnsServer } from '../testing/dnsServer';
import {
  liveSnapshotIdOf,
  PUBLISH_HOST,
  PUBLISH_ORIGIN,
  storedScoredQuiz,
  visitorOf,
} from '../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../testing/testApp';

/**
 * The CLI, a worker or an admin tool run these use cases without going through their routes. Each must still
 * reach this process's published-site caches at once: they would otherwise keep serving what they hold for
 * 5 s (pages, snapshot and account status) or 30 s (the custom-domain list), so every check here fails when
 * only the route announces the change.
 */
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

const deps = () => ({ db: t.context.db, siteChanges: t.publishedSite().changes });
const pageOn = (slug: string, host = PUBLISH_HOST) => visitorOf(t)('GET', `/${slug}`, undefined, host);
const faviconOn = (host: string) => visitorOf(t)('GET', '/favicon.ico', undefined, host);

async function expectPage(slug: string, text: string, host = PUBLISH_HOST): Promise<void> {
  const page = await pageOn(slug, host);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(text);
}

/** Publishes as a caller without the route would: the operation itself, with the account the session has. */
async function publishDirectly(owner: SignedInAccount, quiz: Quiz): Promise<Quiz> {
  const me = (await owner.send(meEndpoint)).data();
  const published = await publishQuiz(deps(), me.account, owner.userId, PUBLISH_HOST, quiz.id, quiz);
  return published.quiz;
}

describe('state changes made outside their routes', () => {
  it('serves a Publish, Republish and Unpublish made through the operations at once', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const slug = quiz.publishedId ?? '';
    // The 404 of the path with nothing live yet is remembered.
    expect((await pageOn(slug)).statusCode).toBe(404);

    const live = await publishDirectly(owner, quiz);
    await expectPage(slug, 'Find your plan');

    const republished = await publishDirectly(owner, { ...live, title: 'Pick your plan' });
    await expectPage(slug, 'Pick your plan');

    const snapshotId = await liveSnapshotIdOf(t, quiz.id);
    const postEvent = () =>
      visitorOf(t)('POST', '/_q/events', {
        snapshotId,
        visitId: `visit-${crypto.randomUUID()}`,
        events: [{ type: 'visit' }],
      });
    expect((await postEvent()).statusCode).toBe(202);

    const unpublished = await unpublishQuiz(deps(), owner.accountId, republished.id);
    expect(unpublished.quiz.isPublished).toBe(false);
    expect((await pageOn(slug)).statusCode).toBe(404);
    expect((await postEvent()).statusCode).toBe(404);
  });

  it('takes down a quiz deleted through the operation at once', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await publishDirectly(owner, quiz);
    const slug = quiz.publishedId ?? '';
    await expectPage(slug, 'Find your plan');

    await deleteQuiz(deps(), owner.accountId, quiz.id);
    expect((await pageOn(slug)).statusCode).toBe(404);
  });

  it('routes a custom domain added through the operation at once, and answers 404 once it is removed', async () => {
    const owner = await t.signIn();
    const host = 'direct.example.com';
    expect((await faviconOn(host)).statusCode).toBe(404);

    const settings = addDomainSettingsOf(t.context.config);
    const added = await addDomain({ ...deps(), settings }, owner.accountId, host);
    expect((await faviconOn(host)).statusCode).toBe(200);

    const { quiz } = await storedScoredQuiz(owner.call);
    await publishDirectly(owner, { ...quiz, domain: host });
    const slug = quiz.publishedId ?? '';
    await expectPage(slug, 'Find your plan', host);

    const removed = await removeDomain(deps(), owner.accountId, added.id);
    expect(removed.host).toBe(host);
    expect((await faviconOn(host)).statusCode).toBe(404);
    expect((await pageOn(slug, host)).statusCode).toBe(404);
  });

  it('shows an account disabled through the operation as unavailable at once, and back when enabled', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const adminMe = (await admin.send(meEndpoint)).data();
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    await publishDirectly(owner, quiz);
    const slug = quiz.publishedId ?? '';
    await expectPage(slug, 'Find your plan');

    const statusDeps = { ...deps(), config: t.context.config };
    await setAccountDisabled(statusDeps, adminMe, owner.accountId, true);
    const page = await pageOn(slug);
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain(QUIZ_UNAVAILABLE_TITLE);
    // Its users are signed out with it.
    expect((await owner.send(meEndpoint)).statusCode).toBe(401);

    await setAccountDisabled(statusDeps, adminMe, owner.accountId, false);
    await expectPage(slug, 'Find your plan');
  });
});
