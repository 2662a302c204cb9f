import { type Quiz, quizSchema, quizSummarySchema } from '@quizbeam/contracts/quiz';
import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { shareQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { importSharedQuizEndpoint, UNKNOWN_SHARE_CODE_TEXT } from '@quizbeam/contracts/sharing';
import { quizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import { expectNoAccountDestinations, filledQuiz } from '../../testing/templates';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
});
afterAll(async () => {
  await t.close();
});

/** A pro account's published scored quiz with an alternate description and a script, and its share code. */
async function sharedQuiz(): Promise<{ sharer: SignedInAccount; quiz: Quiz; shareCode: string }> {
  const sharer = await t.signIn({ proVersion: true });
  const { quiz: stored } = await storedScoredQuiz(sharer.call);
  const withAlternate = {
    ...stored,
    outcomes: stored.outcomes.map((outcome) => ({
      ...outcome,
      descriptions: ['Main text', 'Alternate text'],
    })),
  };
  const saved = await sharer.call('PUT', `/api/quizzes/${stored.id}`, withAlternate);
  expect(saved.statusCode, saved.body).toBe(200);
  await sharer.call('PUT', `/api/quizzes/${stored.id}/scripts/on-start-page`, {
    code: '<script>window.x=1</script>',
  });
  const published = await sharer.call(
    'POST',
    `/accounts/${sharer.accountId}/quizzes/${stored.id}/publish`,
    saved.json(),
  );
  expect(published.statusCode, published.body).toBe(200);
  const share = await sharer.call('POST', `/accounts/${sharer.accountId}/quizzes/${stored.id}/share`);
  const { shareCode } = shareQuizEndpoint.response.parse(share.json());
  return { sharer, quiz: quizSchema.parse(published.json()), shareCode };
}

describe('sharing a quiz', () => {
  it('shows any signed-in user the shared quiz’s name and a preview without its scripts', async () => {
    const { shareCode } = await sharedQuiz();
    const other = await t.signIn();
    const shown = await other.call('GET', `/api/shared-quizzes/${shareCode}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ name: 'Team quiz' });

    const preview = await other.call('GET', `/api/shared-quizzes/${shareCode}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    expect(preview.body).toContain('Find your plan');
    expect(preview.body).not.toContain('window.x=1');

    const unknown = await other.call('GET', '/api/shared-quizzes/0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: UNKNOWN_SHARE_CODE_TEXT });
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/shared-quizzes/${shareCode}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('imports a copy under a new name, unpublished, without scripts, leaving the original as it was', async () => {
    const { sharer, quiz, shareCode } = await sharedQuiz();
    const importer = await t.signIn();
    // Pasting the whole share link works as well as the code.
    const imported = await importer.call('POST', `/accounts/${importer.accountId}/shared/import`, {
      name: '  My copy  ',
      shareCode: `http://localhost:3000/share/${shareCode}/`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { quizId } = importSharedQuizEndpoint.response.parse(imported.json());
    const copy = quizSchema.parse((await importer.call('GET', `/api/quizzes/${quizId}`)).json());
    expect(copy).toMatchObject({
      name: 'My copy',
      type: 'scored',
      title: 'Find your plan',
      isPublished: false,
      publishedHost: null,
      domain: null,
    });
    expect(copy.id).not.toBe(quiz.id);
    expect(copy.publishedId).toMatch(/^[a-z0-9]{8}$/);
    expect(copy.publishedId).not.toBe(quiz.publishedId);
    expect(copy.questions).toEqual(quiz.questions);
    // Alternate descriptions are a Pro feature; the importer's account is not Pro.
    expect(copy.outcomes.map((outcome) => outcome.descriptions)).toEqual([['Main text'], ['Main text']]);
    const script = await importer.call('GET', `/api/quizzes/${quizId}/scripts/on-start-page`);
    expect(script.json()).toEqual({ code: '' });
    const list = z.array(quizSummarySchema).parse((await importer.call('GET', '/api/quizzes')).json());
    expect(list.map((summary) => summary.name)).toEqual(['My copy']);
    // The copy is the importer's own: saving works, and the original is untouched.
    expect(
      (await importer.call('PUT', `/api/quizzes/${quizId}`, { ...copy, title: 'Changed' })).statusCode,
    ).toBe(200);
    const original = quizSchema.parse((await sharer.call('GET', `/api/quizzes/${quiz.id}`)).json());
    expect(original).toMatchObject({ title: 'Find your plan', isPublished: true, name: 'Team quiz' });
  });

  it('leaves behind where the sharer’s leads go: integration, HTML form and webhooks', async () => {
    const { sharer, quiz, shareCode } = await sharedQuiz();
    // As the sharer's editor would have saved it: their connection, list, HTML form and webhook.
    const withDestinations = filledQuiz(quiz, sharer.accountId);
    await t.database.db.update(quizzes).set({ document: withDestinations }).where(eq(quizzes.id, quiz.id));
    const importer = await t.signIn();
    const imported = await importer.call('POST', `/accounts/${importer.accountId}/shared/import`, {
      name: 'Copy',
      shareCode,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { quizId } = importSharedQuizEndpoint.response.parse(imported.json());
    const copy = quizSchema.parse((await importer.call('GET', `/api/quizzes/${quizId}`)).json());
    expectNoAccountDestinations(copy);
  });

  it('refuses an import without a name, with an unknown code, or into another account', async () => {
    const { sharer, shareCode } = await sharedQuiz();
    const importer = await t.signIn();
    const path = `/accounts/${importer.accountId}/shared/import`;
    const noName = await importer.call('POST', path, { name: ' ', shareCode });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ error: expect.stringContaining('Please enter a quiz name.') });
    const unknown = await importer.call('POST', path, { name: 'Copy', shareCode: 'not-a-code' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: UNKNOWN_SHARE_CODE_TEXT });
    const elsewhere = await importer.call('POST', `/accounts/${sharer.accountId}/shared/import`, {
      name: 'Copy',
      shareCode,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await sharer.call('GET', '/api/quizzes')).json()).toHaveLength(1);
    expect((await importer.call('GET', '/api/quizzes')).json()).toEqual([]);
  });
});

describe('sharing a quiz from several tabs at once', () => {
  it('gives ten concurrent first Share calls one code, and that code imports', async () => {
    const sharer = await t.signIn();
    const { quiz } = await storedScoredQuiz(sharer.call);
    const share = () =>
      sharer.send(shareQuizEndpoint, { params: { account: sharer.accountId, id: quiz.id } });
    let sharing: Promise<Awaited<ReturnType<typeof share>>[]> = Promise.resolve([]);
    // The calls arrive while something else (a Publish, say) holds the quiz's row, and on PGlite the whole
    // database, for a second: all ten are then under way at once, as from several tabs over a slow network,
    // instead of each finishing before the next one starts.
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quiz.id)).for('update');
      sharing = Promise.all(Array.from({ length: 10 }, share));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    const shares = await sharing;
    const codes = new Set(shares.map((answer) => answer.data().shareCode));
    expect(codes.size).toBe(1);
    const [shareCode = ''] = codes;
    const [stored] = await t.database.db
      .select({ shareCode: quizzes.shareCode })
      .from(quizzes)
      .where(eq(quizzes.id, quiz.id));
    expect(stored?.shareCode).toBe(shareCode);
    // Later calls hand out the same code again.
    expect((await share()).data().shareCode).toBe(shareCode);

    const importer = await t.signIn();
    const imported = await importer.send(importSharedQuizEndpoint, {
      params: { account: importer.accountId },
      body: { name: 'Copy', shareCode },
    });
    const { quizId } = imported.data();
    const copy = quizSchema.parse((await importer.call('GET', `/api/quizzes/${quizId}`)).json());
    expect(copy).toMatchObject({ name: 'Copy', title: quiz.title });
  });
});

describe('importing a quiz in an extra theme', () => {
  it('keeps the theme for an account with extra themes and falls back to the default for one without', async () => {
    const sharer = await t.signIn({ extraTemplates: true });
    const { quiz: stored } = await storedScoredQuiz(sharer.call);
    const saved = await sharer.call('PUT', `/api/quizzes/${stored.id}`, { ...stored, theme: 'aurora-21' });
    expect(saved.statusCode, saved.body).toBe(200);
    const share = await sharer.call('POST', `/accounts/${sharer.accountId}/quizzes/${stored.id}/share`);
    const { shareCode } = shareQuizEndpoint.response.parse(share.json());
    const themeOfCopy = async (importer: SignedInAccount) => {
      const { quizId } = (
        await importer.send(importSharedQuizEndpoint, {
          params: { account: importer.accountId },
          body: { name: 'Copy', shareCode },
        })
      ).data();
      return quizSchema.parse((await importer.call('GET', `/api/quizzes/${quizId}`)).json()).theme;
    };
    expect(await themeOfCopy(await t.signIn({ extraTemplates: true }))).toBe('aurora-21');
    expect(await themeOfCopy(await t.signIn())).toBe(DEFAULT_THEME_ID);
  });
});
