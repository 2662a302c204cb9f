import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { PREMIUM_TEMPLATE_MESSAGE, type Template } from '@quizbeam/contracts/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFilledTemplate,
  EXTRA_THEME,
  NON_ADMIN_ROLES,
  ROLE_NAMES,
  type Role,
  signInEveryRole,
} from '../../testing/templates';
import { endpointCaller, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let as: Record<Role, SignedInAccount>;
let standard: Template;
let premium: Template;
let unavailable: Template;
let extraThemed: Template;

beforeAll(async () => {
  t = await startTestApp();
  as = await signInEveryRole(t);
  standard = await createFilledTemplate(as.admin, 'Which plan fits you?', { type: 'scored' });
  premium = await createFilledTemplate(as.admin, 'Premium finder', { isExtra: true });
  unavailable = await createFilledTemplate(as.admin, 'Draft', { isAvailableForNewQuizzes: false });
  extraThemed = await createFilledTemplate(as.admin, 'Aurora', { theme: EXTRA_THEME });
});
afterAll(async () => {
  await t?.close();
});

const createFrom = (account: SignedInAccount, template: string, name = 'My plan quiz') =>
  account.send(createQuizEndpoint, { body: { name, template, type: 'general' } });

async function quizFrom(account: SignedInAccount, template: Template, name = 'My plan quiz') {
  const { quizId } = (await createFrom(account, template.id, name)).data();
  return (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
}

describe('POST /api/quizzes with a template', () => {
  it.each(ROLE_NAMES)('gives a %s account a full, unpublished copy under the name given', async (role) => {
    const account = as[role];
    const quiz = await quizFrom(account, standard, '  Our plan quiz ');
    const source = standard.quiz;
    expect(quiz.id).not.toBe(standard.id);
    expect(quiz).toMatchObject({
      name: 'Our plan quiz',
      // The template's type, whatever the body said.
      type: 'scored',
      revision: 0,
      isPublished: false,
      publishedHost: null,
      domain: null,
      title: source.title,
      description: source.description,
      nextId: source.nextId,
      theme: source.theme,
      backgroundImage: source.backgroundImage,
      startPage: source.startPage,
    });
    expect(quiz.publishedId).toMatch(/^[a-z0-9-]+$/);
    expect(quiz.questions).toEqual(source.questions);
    // None of these accounts has the Pro version: alternate descriptions stay behind.
    expect(quiz.outcomes).toEqual(
      source.outcomes.map((outcome) => ({ ...outcome, descriptions: outcome.descriptions.slice(0, 1) })),
    );
    expect(quiz.leadCaptureSettings).toEqual(source.leadCaptureSettings);
    expect(quiz.leadCaptureSettings).toMatchObject({ connectionId: null, targetId: null, webhookIds: [] });

    // The copy is the account's own: it saves, nobody else sees it, and each copy has its own address.
    expect((await account.send(saveQuizEndpoint, { params: { id: quiz.id }, body: quiz })).statusCode).toBe(
      200,
    );
    const stranger = as[role === 'plain' ? 'limited' : 'plain'];
    expect((await stranger.send(getQuizEndpoint, { params: { id: quiz.id } })).statusCode).toBe(404);
    const again = await quizFrom(account, standard);
    expect(again.publishedId).not.toBe(quiz.publishedId);
  });

  it('keeps alternate descriptions only for Pro accounts', async () => {
    const pro = await t.signIn({ proVersion: true });
    const quiz = await quizFrom(pro, standard);
    expect(quiz.outcomes.map((outcome) => outcome.descriptions)).toEqual(
      standard.quiz.outcomes.map((outcome) => outcome.descriptions),
    );
    expect(quiz.outcomes[0]?.descriptions).toHaveLength(2);
  });

  it.each(ROLE_NAMES)(
    'keeps an extra theme for a %s account only when it may use extra themes',
    async (role) => {
      const quiz = await quizFrom(as[role], extraThemed);
      expect(quiz.theme).toBe(role === 'extraTemplates' ? EXTRA_THEME : DEFAULT_THEME_ID);
    },
  );

  it.each(ROLE_NAMES)(
    'lets a %s account use a premium template only with extraTemplates (admins always)',
    async (role) => {
      const answer = await createFrom(as[role], premium.id);
      if (role === 'admin' || role === 'extraTemplates') {
        expect(answer.statusCode).toBe(200);
      } else {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ error: PREMIUM_TEMPLATE_MESSAGE, code: 'quota_exceeded' });
      }
    },
  );

  it.each(NON_ADMIN_ROLES)(
    'hides a template not offered for new quizzes from a %s account (404)',
    async (role) => {
      const answer = await createFrom(as[role], unavailable.id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'We could not find that template.', code: 'not_found' });
    },
  );

  it('lets an admin create from a template not offered yet', async () => {
    const quiz = await quizFrom(as.admin, unavailable);
    expect(quiz.questions).toEqual(unavailable.quiz.questions);
  });

  it('answers 404 for unknown and malformed template ids, 400 for a bad body, 401 signed out', async () => {
    for (const template of [crypto.randomUUID(), 'abc', 'x'.repeat(100)]) {
      const answer = await createFrom(as.plain, template);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'We could not find that template.', code: 'not_found' });
    }
    const blank = await as.plain.send(createQuizEndpoint, {
      body: { name: ' ', template: standard.id, type: 'general' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: expect.stringContaining('body/name') });
    const tooLong = await createFrom(as.plain, 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: expect.stringContaining('body/template') });
    const anonymous = await endpointCaller(t.app, { origin: 'http://localhost:3000' })(createQuizEndpoint, {
      body: { name: 'X', template: standard.id, type: 'general' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
