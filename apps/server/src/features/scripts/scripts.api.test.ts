import { pathOf } from '@quizbeam/contracts/endpoint';
import { publishQuizEndpoint } from '@quizbeam/contracts/publishing';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import {
  getAccountScriptEndpoint,
  getQuizScriptEndpoint,
  MAX_SCRIPT_LENGTH,
  type ScriptEventType,
} from '@quizbeam/contracts/scripts';
import { publishedSnapshots } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSnapshotIdOf, storedScoredQuiz } from '../../testing/publishing';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { scriptsForPublish } from './scriptsForPublish';

// GET and PUT of a script share their path.
const quizScriptPath = (quizId: string, type: string) => pathOf(getQuizScriptEndpoint, { quizId, type });
const accountScriptPath = (account: string, type: string) =>
  pathOf(getAccountScriptEndpoint, { account, type });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedInAccount() {
  const { call, ...account } = await t.signIn();
  const created = await call('POST', '/api/quizzes', { name: 'Which plan fits you?', type: 'general' });
  expect(created.statusCode).toBe(200);
  const { quizId } = createQuizEndpoint.response.parse(created.json());
  return { ...account, call, quizId };
}

type Account = Awaited<ReturnType<typeof signedInAccount>>;
let owner: Account;
let stranger: Account;
beforeAll(async () => {
  owner = await signedInAccount();
  stranger = await signedInAccount();
});

const types: ScriptEventType[] = ['on-start-page', 'on-opt-in', 'on-complete'];
const levels = [
  { level: 'quiz', path: (account: Account, type: ScriptEventType) => quizScriptPath(account.quizId, type) },
  {
    level: 'account',
    path: (account: Account, type: ScriptEventType) => accountScriptPath(account.accountId, type),
  },
] as const;

describe.each(levels)('$level scripts', ({ path }) => {
  it.each(types)('answers an empty code before any save, then round-trips %s', async (type) => {
    const before = await owner.call('GET', path(owner, type));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ code: '' });

    const code = `<script>console.log(${JSON.stringify(type)})</script>`;
    const saved = await owner.call('PUT', path(owner, type), { code });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ code });
    expect((await owner.call('GET', path(owner, type))).json()).toEqual({ code });

    const replaced = await owner.call('PUT', path(owner, type), { code: '' });
    expect(replaced.json()).toEqual({ code: '' });
    expect((await owner.call('GET', path(owner, type))).json()).toEqual({ code: '' });
  });

  it('keeps the three event types apart', async () => {
    for (const type of types)
      await owner.call('PUT', path(owner, type), { code: `<script>${type}()</script>` });
    for (const type of types) {
      expect((await owner.call('GET', path(owner, type))).json()).toEqual({
        code: `<script>${type}()</script>`,
      });
    }
  });

  it('answers 404 for an unknown event type', async () => {
    const unknown = path(owner, 'on-start-page').replace('on-start-page', 'on-exit');
    for (const response of [
      await owner.call('GET', unknown),
      await owner.call('PUT', unknown, { code: '<script></script>' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses code longer than the limit and keeps the stored code', async () => {
    await owner.call('PUT', path(owner, 'on-opt-in'), { code: 'kept' });
    const response = await owner.call('PUT', path(owner, 'on-opt-in'), {
      code: 'x'.repeat(MAX_SCRIPT_LENGTH + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect((await owner.call('GET', path(owner, 'on-opt-in'))).json()).toEqual({ code: 'kept' });

    const atLimit = await owner.call('PUT', path(owner, 'on-opt-in'), {
      code: 'x'.repeat(MAX_SCRIPT_LENGTH),
    });
    expect(atLimit.statusCode).toBe(200);
  });

  it('refuses a body without code', async () => {
    const response = await owner.call('PUT', path(owner, 'on-opt-in'), { script: 'x' });
    expect(response.statusCode).toBe(400);
  });

  it("does not let another account read or change the owner's script", async () => {
    await owner.call('PUT', path(owner, 'on-start-page'), { code: '<script>mine()</script>' });

    const read = await stranger.call('GET', path(owner, 'on-start-page'));
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('mine()');
    const write = await stranger.call('PUT', path(owner, 'on-start-page'), {
      code: '<script>theirs()</script>',
    });
    expect(write.statusCode).toBe(404);

    expect((await owner.call('GET', path(owner, 'on-start-page'))).json()).toEqual({
      code: '<script>mine()</script>',
    });
    expect((await stranger.call('GET', path(stranger, 'on-start-page'))).json()).toEqual({ code: '' });
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: path(owner, 'on-start-page') });
    expect(response.statusCode).toBe(401);
  });

  it('requires the app origin on writes', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: path(owner, 'on-start-page'),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { code: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('quiz scripts', () => {
  it('answers 404 for an unknown or malformed quiz id', async () => {
    expect((await owner.call('GET', quizScriptPath(crypto.randomUUID(), 'on-opt-in'))).statusCode).toBe(404);
    expect((await owner.call('GET', quizScriptPath('not-a-quiz', 'on-opt-in'))).statusCode).toBe(404);
    const write = await owner.call('PUT', quizScriptPath(crypto.randomUUID(), 'on-opt-in'), { code: 'x' });
    expect(write.statusCode).toBe(404);
  });
});

describe('scriptsForPublish', () => {
  it("puts the account's code before the quiz's, per event, skipping empty parts", async () => {
    const account = await signedInAccount();
    const { db } = t.context;
    expect(await scriptsForPublish(db, account.accountId, account.quizId)).toEqual({
      onStartPage: '',
      onOptIn: '',
      onComplete: '',
    });

    await account.call('PUT', accountScriptPath(account.accountId, 'on-start-page'), {
      code: '<script>a()</script>',
    });
    await account.call('PUT', quizScriptPath(account.quizId, 'on-start-page'), {
      code: '<script>q()</script>',
    });
    await account.call('PUT', quizScriptPath(account.quizId, 'on-opt-in'), {
      code: '<script>lead()</script>',
    });
    await account.call('PUT', accountScriptPath(account.accountId, 'on-opt-in'), { code: '' });
    await account.call('PUT', accountScriptPath(account.accountId, 'on-complete'), {
      code: '<script>allDone()</script>',
    });
    await account.call('PUT', quizScriptPath(account.quizId, 'on-complete'), {
      code: '<script>quizDone()</script>',
    });
    expect(await scriptsForPublish(db, account.accountId, account.quizId)).toEqual({
      onStartPage: '<script>a()</script>\n<script>q()</script>',
      onOptIn: '<script>lead()</script>',
      onComplete: '<script>allDone()</script>\n<script>quizDone()</script>',
    });
  });

  it("uses only the account's code when the quiz has none, and never another quiz's", async () => {
    const account = await signedInAccount();
    const { db } = t.context;
    await account.call('PUT', accountScriptPath(account.accountId, 'on-opt-in'), {
      code: '<script>all()</script>',
    });
    await owner.call('PUT', quizScriptPath(owner.quizId, 'on-opt-in'), { code: '<script>other()</script>' });
    expect(await scriptsForPublish(db, account.accountId, account.quizId)).toEqual({
      onStartPage: '',
      onOptIn: '<script>all()</script>',
      onComplete: '',
    });
  });
});

describe('publishing', () => {
  it("puts the account's and the quiz's completion scripts in the published snapshot", async () => {
    const account = await signedInAccount();
    const { quiz } = await storedScoredQuiz(account.call);
    await account.call('PUT', accountScriptPath(account.accountId, 'on-complete'), {
      code: '<script>allDone()</script>',
    });
    await account.call('PUT', quizScriptPath(quiz.id, 'on-complete'), {
      code: '<script>quizDone()</script>',
    });
    const published = await account.call(
      'POST',
      pathOf(publishQuizEndpoint, { account: account.accountId, id: quiz.id }),
      quiz,
    );
    expect(published.statusCode).toBe(200);

    const [snapshot] = await t.database.db
      .select({ scripts: publishedSnapshots.scripts })
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.id, await liveSnapshotIdOf(t, quiz.id)));
    expect(snapshot?.scripts).toEqual({
      onStartPage: '',
      onOptIn: '',
      onComplete: '<script>allDone()</script>\n<script>quizDone()</script>',
    });
  });
});
