import { usageLimitMessage } from '@quizbeam/contracts/account';
import { createImageEndpoint } from '@quizbeam/contracts/images';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, deleteQuizEndpoint, shareQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { importSharedQuizEndpoint } from '@quizbeam/contracts/sharing';
import { liveQuizzes, quizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { expectLimitRefusal, setLimitOverrides, usageLineOf } from '../../testing/usageLimits';

const PUBLISH_HOST = 'quizzes.limits.test';

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ '*.cname.test': { cname: `${PUBLISH_HOST}.` } });
  t = await startTestApp({
    APP_URL: APP_ORIGIN,
    PUBLISH_URL: `https://${PUBLISH_HOST}`,
    DNS_SERVERS: dns.address,
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const newQuiz = (account: SignedInAccount, name = 'Quiz') =>
  account.send(createQuizEndpoint, { body: { name, type: 'general' } });

async function sharedQuizCode(): Promise<string> {
  const sharer = await t.signIn();
  const { quiz } = await storedScoredQuiz(sharer.call);
  const shared = await sharer.send(shareQuizEndpoint, { params: { account: sharer.accountId, id: quiz.id } });
  return shared.data().shareCode;
}

const quizCountOf = async (accountId: string) =>
  (await t.context.db.select().from(quizzes).where(eq(quizzes.accountId, accountId))).length;

describe('the quizzes limit', () => {
  it('refuses New Quiz and an import at the limit, with the message, and allows them again below it', async () => {
    const account = await t.signIn({ commercialFeatures: true });
    await setLimitOverrides(t, account.accountId, { quizzes: 2 });
    const shareCode = await sharedQuizCode();
    const first = (await newQuiz(account, 'First')).data();
    const imported = await account.send(importSharedQuizEndpoint, {
      params: { account: account.accountId },
      body: { name: 'Imported', shareCode },
    });
    expect(imported.statusCode, imported.body).toBe(200);

    const message = usageLimitMessage('quizzes', 2);
    expectLimitRefusal(await newQuiz(account, 'Third'), message);
    expectLimitRefusal(
      await account.send(importSharedQuizEndpoint, {
        params: { account: account.accountId },
        body: { name: 'Imported again', shareCode },
      }),
      message,
    );
    expect(await quizCountOf(account.accountId)).toBe(2);
    expect(await usageLineOf(account, 'quizzes')).toEqual({ usage: 2, limit: 2 });

    await account.send(deleteQuizEndpoint, { params: { account: account.accountId, id: first.quizId } });
    expect((await newQuiz(account, 'Third')).statusCode).toBe(200);
    // The limit is the account's own: another account is not held back by it.
    expect((await newQuiz(await t.signIn(), 'Elsewhere')).statusCode).toBe(200);
  });

  it('refuses the first quiz when the limit is 0', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { quizzes: 0 });
    expectLimitRefusal(await newQuiz(account), usageLimitMessage('quizzes', 0));
    expect(await quizCountOf(account.accountId)).toBe(0);
  });

  it('lets only as many quizzes in as fit when several are created at once', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { quizzes: 3 });
    await newQuiz(account);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => newQuiz(account, `Race ${n}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(3);
    expect(await quizCountOf(account.accountId)).toBe(3);
  });
});

describe('the published quizzes limit', () => {
  const publish = (account: SignedInAccount, quiz: Quiz) =>
    account.call('POST', `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`, quiz);

  it('refuses a first Publish at the limit without saving, and always lets a live quiz Republish', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { publishedQuizzes: 1 });
    const { quiz: live } = await storedScoredQuiz(account.call);
    const { quiz: waiting } = await storedScoredQuiz(account.call);
    const published = await publish(account, live);
    expect(published.statusCode, published.body).toBe(200);

    const refused = await publish(account, { ...waiting, title: 'Not saved' });
    expectLimitRefusal(refused, usageLimitMessage('publishedQuizzes', 1));
    const [stored] = await t.context.db.select().from(quizzes).where(eq(quizzes.id, waiting.id));
    expect(stored).toMatchObject({ isPublished: false, revision: waiting.revision });
    expect(await t.context.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, waiting.id))).toEqual(
      [],
    );

    // At the limit, the live quiz still republishes, with its changes.
    const republished = await publish(account, { ...quizSchema.parse(published.json()), title: 'Changed' });
    expect(republished.statusCode, republished.body).toBe(200);
    expect(quizSchema.parse(republished.json()).title).toBe('Changed');

    // Unpublishing frees the place.
    const unpublished = await account.call(
      'POST',
      `/accounts/${account.accountId}/quizzes/${live.id}/unpublish`,
      quizSchema.parse(republished.json()),
    );
    expect(unpublished.statusCode).toBe(200);
    expect((await publish(account, waiting)).statusCode).toBe(200);
  });

  it('refuses the first Publish when the limit is 0', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { publishedQuizzes: 0 });
    const { quiz } = await storedScoredQuiz(account.call);
    expectLimitRefusal(await publish(account, quiz), usageLimitMessage('publishedQuizzes', 0));
  });
});

describe('the custom domains limit', () => {
  const addDomain = (account: SignedInAccount, host: string) => account.call('POST', '/api/domain', { host });

  it('refuses a new domain at the limit, still answers one the account has, and allows one below it', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { customDomains: 1 });
    const first = await addDomain(account, 'one.cname.test');
    expect(first.statusCode, first.body).toBe(200);
    expectLimitRefusal(await addDomain(account, 'two.cname.test'), usageLimitMessage('customDomains', 1));
    // Adding the one it has is not a new domain.
    expect((await addDomain(account, 'one.cname.test')).json()).toEqual(first.json());

    await setLimitOverrides(t, account.accountId, { customDomains: 2 });
    expect((await addDomain(account, 'two.cname.test')).statusCode).toBe(200);
  });

  it('refuses the first domain when the limit is 0, before asking DNS', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { customDomains: 0 });
    expectLimitRefusal(await addDomain(account, 'zero.cname.test'), usageLimitMessage('customDomains', 0));
    expect(dns.questionCount('CNAME', 'zero.cname.test')).toBe(0);
  });
});

describe('the image storage limit', () => {
  const createImage = (account: SignedInAccount, size: number) =>
    account.send(createImageEndpoint, {
      params: { account: account.accountId },
      body: { filename: 'photo.png', size },
    });

  it('takes the account’s own limit over IMAGE_QUOTA_MB, in MB, and refuses an upload past it', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { imageStorageMb: 1 });
    expect((await createImage(account, 600 * 1024)).statusCode).toBe(200);
    expectLimitRefusal(await createImage(account, 600 * 1024), usageLimitMessage('imageStorageMb', 1));
    await setLimitOverrides(t, account.accountId, { imageStorageMb: 2 });
    expect((await createImage(account, 600 * 1024)).statusCode).toBe(200);
  });

  it('refuses the first upload when the limit is 0', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { imageStorageMb: 0 });
    expectLimitRefusal(await createImage(account, 1), usageLimitMessage('imageStorageMb', 0));
  });
});
