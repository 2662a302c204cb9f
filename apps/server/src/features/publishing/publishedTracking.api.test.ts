import {
  type BrowserTracking,
  NO_BROWSER_TRACKING,
  type QuizTracking,
} from '@quizbeam/contracts/measurement';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { accounts, leads, publishedSnapshots } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
});
afterAll(async () => {
  await t.close();
});

const ACCOUNT_TAGS: BrowserTracking = {
  gtmContainerId: 'GTM-ACCOUNT1',
  ga4MeasurementId: '',
  metaPixelId: '123456789012345',
  askConsent: true,
};
const OWN_TAGS: BrowserTracking = {
  gtmContainerId: '',
  ga4MeasurementId: 'G-OWNQUIZ123',
  metaPixelId: '',
  askConsent: false,
};

const visitor = (...args: Parameters<ReturnType<typeof visitorOf>>) => visitorOf(t)(...args);

async function setAccountDefaults(account: SignedInAccount, defaults: unknown) {
  await t.database.db
    .update(accounts)
    .set({ trackingDefaults: defaults })
    .where(eq(accounts.id, account.accountId));
}

async function publish(account: SignedInAccount, quiz: Quiz): Promise<Quiz> {
  const answer = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    quiz,
  );
  expect(answer.statusCode).toBe(200);
  return quizSchema.parse(answer.json());
}

async function snapshotOf(quizId: string) {
  const snapshotId = await liveSnapshotIdOf(t, quizId);
  const [row] = await t.database.db
    .select({ tracking: publishedSnapshots.tracking, scripts: publishedSnapshots.scripts })
    .from(publishedSnapshots)
    .where(eq(publishedSnapshots.id, snapshotId));
  return row;
}

const trackingInPage = (html: string) => {
  const json = /<script type="application\/json" id="quizbeam-tracking">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as BrowserTracking);
};

describe('publishing a quiz’s tags', () => {
  it('publishes the account’s defaults for a quiz that follows them (or says nothing), its own otherwise', async () => {
    const owner = await t.signIn();
    await setAccountDefaults(owner, ACCOUNT_TAGS);
    const cases: [QuizTracking | undefined, BrowserTracking][] = [
      [undefined, ACCOUNT_TAGS],
      [{ useAccountDefaults: true, own: OWN_TAGS }, ACCOUNT_TAGS],
      [{ useAccountDefaults: false, own: OWN_TAGS }, OWN_TAGS],
      [{ useAccountDefaults: false, own: NO_BROWSER_TRACKING }, NO_BROWSER_TRACKING],
    ];
    for (const [tracking, expected] of cases) {
      const { quiz } = await storedScoredQuiz(owner.call);
      const live = await publish(owner, tracking ? { ...quiz, tracking } : quiz);
      expect([tracking, (await snapshotOf(quiz.id))?.tracking]).toEqual([tracking, expected]);
      const page = await visitor('GET', `/${live.publishedId}`);
      expect([tracking, trackingInPage(page.body)]).toEqual([
        tracking,
        expected === NO_BROWSER_TRACKING ? null : expected,
      ]);
    }
  });

  it('takes no tags from an account that never set them, or whose stored defaults are no longer valid', async () => {
    const owner = await t.signIn();
    for (const defaults of [
      {},
      { ...ACCOUNT_TAGS, metaPixelId: 'not-a-pixel' },
      { gtmContainerId: 'GTM-ABC1234' },
    ]) {
      await setAccountDefaults(owner, defaults);
      const { quiz } = await storedScoredQuiz(owner.call);
      const live = await publish(owner, quiz);
      expect((await snapshotOf(quiz.id))?.tracking).toEqual(NO_BROWSER_TRACKING);
      const page = await visitor('GET', `/${live.publishedId}`);
      expect(page.body).not.toMatch(/quizbeam-tracking|data-quizbeam-consent/);
    }
  });

  it('keeps what was published until a Republish, like the scripts', async () => {
    const owner = await t.signIn();
    await setAccountDefaults(owner, ACCOUNT_TAGS);
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    await setAccountDefaults(owner, { ...ACCOUNT_TAGS, gtmContainerId: 'GTM-CHANGED1' });
    expect(trackingInPage((await visitor('GET', `/${live.publishedId}`)).body)?.gtmContainerId).toBe(
      'GTM-ACCOUNT1',
    );
    await publish(owner, live);
    expect(trackingInPage((await visitor('GET', `/${live.publishedId}`)).body)?.gtmContainerId).toBe(
      'GTM-CHANGED1',
    );
  });

  it('serves the page with the tracking build it names, cached like the player; other accounts’ tags stay theirs', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    await setAccountDefaults(owner, ACCOUNT_TAGS);
    const { quiz } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, quiz);
    const page = await visitor('GET', `/${live.publishedId}`);
    expect(page.body).toContain('<html lang="en" dir="ltr" data-quizbeam-consent="denied">');
    const tracking = /<script src="(\/_q\/player-[0-9a-f]{8}-tracking\.js)" defer><\/script>/.exec(
      page.body,
    )?.[1];
    expect(tracking).toBeDefined();
    const file = await visitor('GET', tracking ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body).toContain('googletagmanager');

    const { quiz: theirs } = await storedScoredQuiz(other.call);
    const theirLive = await publish(other, theirs);
    expect((await visitor('GET', `/${theirLive.publishedId}`)).body).not.toContain('quizbeam-tracking');
  });

  it('publishes the completion code with the other scripts, account code first', async () => {
    const owner = await t.signIn();
    const { quiz } = await storedScoredQuiz(owner.call);
    const put = (url: string, code: string) => owner.call('PUT', url, { code });
    expect(
      (await put(`/accounts/${owner.accountId}/scripts/on-complete`, '<script>window.a=1</script>'))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(`/api/quizzes/${quiz.id}/scripts/on-complete`, '<script>window.q=1</script>')).statusCode,
    ).toBe(200);
    const live = await publish(owner, quiz);
    expect((await snapshotOf(quiz.id))?.scripts).toMatchObject({
      onComplete: '<script>window.a=1</script>\n<script>window.q=1</script>',
    });
    expect((await visitor('GET', `/${live.publishedId}`)).body).toContain(
      '<template id="quizbeam-complete"><script>window.a=1</script>\n<script>window.q=1</script></template>',
    );
  });
});

describe('a lead from a page with tags', () => {
  it('is stored with the URL fields and the measurement context the page sends', async () => {
    const owner = await t.signIn();
    await setAccountDefaults(owner, ACCOUNT_TAGS);
    const { quiz, q, a } = await storedScoredQuiz(owner.call);
    const live = await publish(owner, {
      ...quiz,
      urlFields: [{ name: 'utm_source' }, { name: 'fbclid' }, { name: 'ref' }],
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, captureName: false },
    });
    const page = await visitor('GET', `/${live.publishedId}`);
    const snapshotId = /"snapshotId":"([0-9a-f-]{36})"/.exec(page.body)?.[1];
    const visitId = 'VisitFromAnAdClick0000001';
    const measurement = {
      eventId: `lead.${visitId}`,
      consent: 'granted',
      gaClientId: '1162820436.1749482504',
      gaSessionId: '1749482504',
      fbp: 'fb.1.1596403881668.1116446470',
      fbc: 'fb.1.1749482504123.abc',
    };
    const answer = await visitor('POST', '/_q/leads', {
      snapshotId,
      visitId,
      answers: [
        { questionId: q[0], answerId: a[0]?.[1] },
        { questionId: q[1], answerId: a[1]?.[1] },
        { questionId: q[2], answerId: a[2]?.[1] },
      ],
      email: 'ada@example.com',
      name: null,
      consent: false,
      pageUrl: `${PUBLISH_ORIGIN}/${live.publishedId}?utm_source=fb&fbclid=abc&ref=partner7`,
      urlFields: { utm_source: 'fb', fbclid: 'abc', ref: 'partner7' },
      measurement,
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ urlFields: leads.urlFields, measurement: leads.measurement })
      .from(leads)
      .where(eq(leads.quizId, quiz.id));
    expect(row?.urlFields).toEqual({ utm_source: 'fb', fbclid: 'abc', ref: 'partner7' });
    expect(row?.measurement).toMatchObject(measurement);
  });
});

it('answers the publish call’s usual 401 and 404 (nothing about tags changes who may publish)', async () => {
  const owner = await t.signIn();
  const stranger = await t.signIn();
  const { quiz } = await storedScoredQuiz(owner.call);
  const url = `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`;
  const signedOut = await t.app.inject({
    method: 'POST',
    url,
    headers: { origin: APP_ORIGIN },
    payload: quiz,
  });
  expect(signedOut.statusCode).toBe(401);
  expect(
    (await stranger.call('POST', `/accounts/${stranger.accountId}/quizzes/${quiz.id}/publish`, quiz))
      .statusCode,
  ).toBe(404);
});
