import {
  DEFAULT_USAGE_LIMITS,
  getAccountEndpoint,
  saveAccountEndpoint,
  USAGE_LIMIT_LABELS,
  usageLimitKeys,
} from '@quizbeam/contracts/account';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { domains, images, publishedSnapshots } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCaptureQuiz } from '../../testing/deliveries';
import { PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, endpointCaller, startTestApp, type TestApp } from '../../testing/testApp';
import { accountSettingsOf, setLimitOverrides } from '../../testing/usageLimits';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, IMAGE_QUOTA_MB: '300' });
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;

describe('GET /api/account', () => {
  it('shows a commercial account its badge default and every limit, in order, with its usage and default', async () => {
    const account = await t.signIn({ commercialFeatures: true });
    const settings = await accountSettingsOf(account);
    expect(settings).toEqual({
      showPoweredByBadge: true,
      usage: usageLimitKeys.map((key) => ({
        key,
        label: USAGE_LIMIT_LABELS[key],
        usage: 0,
        // Image storage follows IMAGE_QUOTA_MB, the others the contracts' defaults.
        limit: key === 'imageStorageMb' ? 300 : DEFAULT_USAGE_LIMITS[key],
      })),
    });
  });

  it('counts what the account has now, and shows its own limits over the defaults', async () => {
    const account = await t.signIn({ commercialFeatures: true });
    const { db } = t.context;
    const published = await publishCaptureQuiz(t, account, {});
    await storedScoredQuiz(account.call);
    await published.postLead('ada@example.com');
    await published.postLead('grace@example.com');
    await db
      .insert(domains)
      .values({ id: crypto.randomUUID(), accountId: account.accountId, host: 'quiz.count.test' });
    await db.insert(integrationConnections).values({
      id: crypto.randomUUID(),
      accountId: account.accountId,
      service: 'convertkit',
      displayName: 'List',
      credentialsEncrypted: t.context.secretBox.seal('{"token":"x"}'),
    });
    // 1.5 MB in two images: a started megabyte counts as one.
    await db.insert(images).values([
      { s3Key: `${account.accountId}/a.png`, accountId: account.accountId, bytes: MB },
      { s3Key: `${account.accountId}/b.png`, accountId: account.accountId, bytes: MB / 2 },
    ]);
    // Another account's things never count.
    const other = await t.signIn({ commercialFeatures: true });
    await publishCaptureQuiz(t, other, {});
    await setLimitOverrides(t, account.accountId, { quizzes: 20, leadsPerMonth: 1, imageStorageMb: null });

    const usage = (await accountSettingsOf(account)).usage.map(({ key, usage, limit }) => ({
      key,
      usage,
      limit,
    }));
    expect(usage).toEqual([
      { key: 'quizzes', usage: 2, limit: 20 },
      { key: 'publishedQuizzes', usage: 1, limit: DEFAULT_USAGE_LIMITS.publishedQuizzes },
      // Past the limit: shown as it is (leads are never refused).
      { key: 'leadsPerMonth', usage: 2, limit: 1 },
      { key: 'customDomains', usage: 1, limit: DEFAULT_USAGE_LIMITS.customDomains },
      { key: 'integrations', usage: 1, limit: DEFAULT_USAGE_LIMITS.integrations },
      { key: 'imageStorageMb', usage: 2, limit: 300 },
    ]);
  });

  it('ignores a stored override the schema refuses, keeping the account’s other limits', async () => {
    const account = await t.signIn({ commercialFeatures: true });
    await setLimitOverrides(t, account.accountId, {
      quizzes: 7,
      publishedQuizzes: -3,
      customDomains: 'many',
    } as never);
    const limits = Object.fromEntries(
      (await accountSettingsOf(account)).usage.map(({ key, limit }) => [key, limit]),
    );
    expect(limits).toMatchObject({
      quizzes: 7,
      publishedQuizzes: DEFAULT_USAGE_LIMITS.publishedQuizzes,
      customDomains: DEFAULT_USAGE_LIMITS.customDomains,
    });
  });

  it('is a 404 for accounts without commercial features, whatever the role, and 401 signed out', async () => {
    for (const role of [
      {},
      { isLimited: true },
      { extraTemplates: true },
      { proVersion: true },
      { isAdmin: true },
    ]) {
      const account = await t.signIn(role);
      expect((await account.send(getAccountEndpoint)).statusCode, JSON.stringify(role)).toBe(404);
      const saved = await account.send(saveAccountEndpoint, { body: { showPoweredByBadge: false } });
      expect(saved.statusCode, JSON.stringify(role)).toBe(404);
    }
    const admin = await t.signIn({ isAdmin: true, commercialFeatures: true });
    expect((await admin.send(getAccountEndpoint)).statusCode).toBe(200);

    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    expect((await signedOut(getAccountEndpoint)).statusCode).toBe(401);
    expect((await signedOut(saveAccountEndpoint, { body: { showPoweredByBadge: false } })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/account', () => {
  it('saves the badge default, answers the settings, and quizzes following it take it at their next publish', async () => {
    const account = await t.signIn({ commercialFeatures: true, extraTemplates: true });
    const { quiz } = await storedScoredQuiz(account.call);
    const publish = async (sent: Quiz) => {
      const answer = await account.call(
        'POST',
        `/accounts/${account.accountId}/quizzes/${sent.id}/publish`,
        sent,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Quiz;
    };
    const badgeOfLatestSnapshot = async () => {
      const rows = await t.context.db
        .select({ version: publishedSnapshots.version, badge: publishedSnapshots.showPoweredByBadge })
        .from(publishedSnapshots)
        .where(eq(publishedSnapshots.quizId, quiz.id));
      return rows.sort((a, b) => b.version - a.version)[0]?.badge;
    };
    const first = await publish({ ...quiz, showPoweredByBadge: null });
    expect(await badgeOfLatestSnapshot()).toBe(true);

    const saved = await account.send(saveAccountEndpoint, { body: { showPoweredByBadge: false } });
    expect(saved.statusCode).toBe(200);
    const settings = saved.data();
    expect(settings.showPoweredByBadge).toBe(false);
    expect(settings.usage.map((usage) => usage.key)).toEqual([...usageLimitKeys]);
    expect((await accountSettingsOf(account)).showPoweredByBadge).toBe(false);
    // The live snapshot keeps what it was published with; the Republish takes the new default.
    expect(await badgeOfLatestSnapshot()).toBe(true);
    await publish(first);
    expect(await badgeOfLatestSnapshot()).toBe(false);
  });

  it('refuses a body without a boolean badge setting, naming the field', async () => {
    const account = await t.signIn({ commercialFeatures: true });
    for (const body of [{}, { showPoweredByBadge: 'yes' }, { showPoweredByBadge: null }]) {
      const answer = await account.call('PUT', '/api/account', body);
      expect(answer.statusCode).toBe(400);
      const error = errorBodySchema.parse(answer.json());
      expect(error.code).toBe('validation_failed');
      expect(error.error).toContain('showPoweredByBadge');
    }
    expect((await accountSettingsOf(account)).showPoweredByBadge).toBe(true);
  });
});
