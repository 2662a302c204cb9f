import { QUIZ_DOCUMENT_VERSION } from '@quizbeam/contracts/quizConstants';
import { staleRevisionBodySchema } from '@quizbeam/contracts/quizEndpoints';
import {
  createTemplateEndpoint,
  getTemplateEndpoint,
  listTemplatesEndpoint,
  saveTemplateEndpoint,
  TEMPLATE_NAME_REQUIRED_TEXT,
  type Template,
  templateSchema,
  templatesForNewQuizEndpoint,
  UNKNOWN_CATEGORY_MESSAGE,
} from '@quizbeam/contracts/templates';
import { UNKNOWN_THEME_MESSAGE } from '@quizbeam/contracts/themes';
import { templates } from '@quizbeam/db/adminSchema';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createFilledTemplate,
  EXTRA_THEME,
  expectNoAccountDestinations,
  latestAuditRows,
  NON_ADMIN_ROLES,
  ROLE_NAMES,
  type Role,
  signInEveryRole,
} from '../../testing/templates';
import { endpointCaller, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let as: Record<Role, SignedInAccount>;
let admin: SignedInAccount;
const signedOut = () => endpointCaller(t.app, { origin: 'http://localhost:3000' });

beforeAll(async () => {
  t = await startTestApp();
  as = await signInEveryRole(t);
  admin = as.admin;
});
afterAll(async () => {
  await t?.close();
});

const getTemplate = (account: SignedInAccount, id: string) =>
  account.send(getTemplateEndpoint, { params: { id } });

describe('POST /api/templates', () => {
  it('creates an empty template, not offered and not premium, in the category given, and audits it', async () => {
    const category = await createCategory(admin, 'Lead generation');
    const created = await admin.send(createTemplateEndpoint, {
      body: { name: '  Which plan fits you? ', type: 'scored', category: category.id },
    });
    expect(created.statusCode).toBe(201);
    const template = created.data();
    expect(template).toEqual({
      id: expect.any(String),
      name: 'Which plan fits you?',
      type: 'scored',
      categoryId: category.id,
      description: '',
      pointOfQuiz: '',
      isExtra: false,
      isAvailableForNewQuizzes: false,
      revision: 0,
      quiz: newQuiz({ id: template.id, name: 'Which plan fits you?', type: 'scored' }),
    });
    expect((await getTemplate(admin, template.id)).data()).toEqual(template);
    const [audit] = await latestAuditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'template.create',
      adminEmail: admin.email,
      adminUserId: admin.userId,
      accountId: null,
      summary: 'Created template "Which plan fits you?"',
    });

    const uncategorized = (
      await admin.send(createTemplateEndpoint, { body: { name: 'Loose', type: 'general', category: null } })
    ).data();
    expect(uncategorized).toMatchObject({ categoryId: null, type: 'general' });
  });

  it('refuses an unknown category, a blank name and an unknown type with 400s naming the field', async () => {
    const before = await t.context.db.select({ id: templates.id }).from(templates);
    for (const category of [crypto.randomUUID(), 'not-a-uuid']) {
      const refused = await admin.send(createTemplateEndpoint, {
        body: { name: 'X', type: 'general', category },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: `Invalid request. body/category: ${UNKNOWN_CATEGORY_MESSAGE}`,
        code: 'validation_failed',
      });
    }
    const blank = await admin.send(createTemplateEndpoint, {
      body: { name: '  ', type: 'general', category: null },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: expect.stringContaining(`body/name: ${TEMPLATE_NAME_REQUIRED_TEXT}`),
    });
    const badType = await admin.send(createTemplateEndpoint, {
      body: { name: 'X', type: 'poll', category: null },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ error: expect.stringContaining('body/type') });
    const missingCategory = await admin.send(createTemplateEndpoint, {
      body: { name: 'X', type: 'general' },
    });
    expect(missingCategory.statusCode).toBe(400);
    expect(missingCategory.json()).toMatchObject({ error: expect.stringContaining('body/category') });
    expect(await t.context.db.select({ id: templates.id }).from(templates)).toHaveLength(before.length);
  });

  it.each(NON_ADMIN_ROLES)('does not exist for a %s account (404), nor signed out (401)', async (role) => {
    const refused = await as[role].send(createTemplateEndpoint, {
      body: { name: 'Mine', type: 'general', category: null },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
    const anonymous = await signedOut()(createTemplateEndpoint, {
      body: { name: 'Mine', type: 'general', category: null },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('listing templates', () => {
  let available: Template;
  let premium: Template;
  let hidden: Template;
  beforeAll(async () => {
    available = await createFilledTemplate(admin, 'b: Is your website losing leads?');
    premium = await createFilledTemplate(admin, 'A: Premium plan finder', { isExtra: true, type: 'scored' });
    hidden = await createFilledTemplate(admin, 'c: Draft', { isAvailableForNewQuizzes: false });
  });

  it('lists every template for admins by name (case aside), with counts', async () => {
    const summaries = (await admin.send(listTemplatesEndpoint)).data();
    const ours = summaries.filter((summary) => [available.id, premium.id, hidden.id].includes(summary.id));
    expect(ours.map((summary) => summary.name)).toEqual([premium.name, available.name, hidden.name]);
    expect(ours[0]).toEqual({
      id: premium.id,
      name: premium.name,
      type: 'scored',
      categoryId: null,
      isExtra: true,
      isAvailableForNewQuizzes: true,
      questionCount: 2,
      outcomeCount: 2,
      updatedAt: expect.any(String),
    });
    const names = summaries.map((summary) => summary.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it.each(NON_ADMIN_ROLES)('hides the admin list from a %s account (404)', async (role) => {
    expect((await as[role].send(listTemplatesEndpoint)).statusCode).toBe(404);
  });

  it.each(ROLE_NAMES)(
    'offers a %s account the available templates, premium ones locked without the permission',
    async (role) => {
      const offered = (await as[role].send(templatesForNewQuizEndpoint)).data();
      expect(offered.map((row) => row.id)).toEqual(expect.arrayContaining([available.id, premium.id]));
      expect(offered.map((row) => row.id)).not.toContain(hidden.id);
      const mayUsePremium = role === 'admin' || role === 'extraTemplates';
      expect(offered.find((row) => row.id === premium.id)).toEqual({
        id: premium.id,
        name: premium.name,
        type: 'scored',
        categoryId: null,
        description: premium.description,
        pointOfQuiz: premium.pointOfQuiz,
        questionCount: 2,
        outcomeCount: 2,
        isExtra: true,
        locked: !mayUsePremium,
      });
      expect(offered.find((row) => row.id === available.id)).toMatchObject({ isExtra: false, locked: false });
      const names = offered.map((row) => row.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    },
  );

  it('answers 401 signed out', async () => {
    expect((await signedOut()(listTemplatesEndpoint)).statusCode).toBe(401);
    expect((await signedOut()(templatesForNewQuizEndpoint)).statusCode).toBe(401);
  });

  it.each(ROLE_NAMES)(
    'lets a %s account read an offered template (premium too), and only admins any other',
    async (role) => {
      const account = as[role];
      expect(templateSchema.parse((await getTemplate(account, available.id)).data())).toEqual(available);
      expect((await getTemplate(account, premium.id)).data()).toEqual(premium);
      const draft = await getTemplate(account, hidden.id);
      if (role === 'admin') expect(draft.data()).toEqual(hidden);
      else {
        expect(draft.statusCode).toBe(404);
        expect(draft.json()).toEqual({ error: 'We could not find that template.', code: 'not_found' });
      }
      expect((await getTemplate(account, crypto.randomUUID())).statusCode).toBe(404);
      expect((await getTemplate(account, 'not-a-uuid')).statusCode).toBe(404);
    },
  );

  it('answers 401 for a template signed out', async () => {
    expect((await signedOut()(getTemplateEndpoint, { params: { id: available.id } })).statusCode).toBe(401);
  });

  it('reads a stored quiz of an older version through the migration chain', async () => {
    const id = crypto.randomUUID();
    await t.context.db.insert(templates).values({
      id,
      name: 'Legacy',
      type: 'general',
      isAvailableForNewQuizzes: true,
      document: {
        id: 'old',
        name: 'Old name',
        type: 'general',
        useStartPage: false,
        questions: [{ id: 1, rank: 1, text: 'Pick one', answers: [{ id: 2, text: 'A', outcome: 3 }] }],
        outcomes: [{ id: 3, rank: 1, name: 'Winner', description: 'Well done' }],
      },
    });
    const template = (await getTemplate(as.plain, id)).data();
    expect(template.quiz).toMatchObject({
      version: QUIZ_DOCUMENT_VERSION,
      id,
      name: 'Legacy',
      startPage: { enabled: false },
      nextId: 4,
    });
    expect(template.quiz.outcomes[0]?.descriptions).toEqual(['Well done']);
  });
});

describe('PUT /api/templates/:id', () => {
  it('saves the whole template over its revision: type kept, quiz named after it, no account destinations', async () => {
    const category = await createCategory(admin, 'Business assessment');
    const created = (
      await admin.send(createTemplateEndpoint, {
        body: { name: 'Plan finder', type: 'general', category: null },
      })
    ).data();
    const saved = await createFilledTemplate(admin, 'ignored', {});
    const body: Template = {
      ...saved,
      id: created.id,
      name: 'Plan finder 2',
      type: 'scored',
      categoryId: category.id,
      revision: created.revision,
      quiz: {
        ...saved.quiz,
        id: 'something-else',
        name: 'Another name',
        type: 'scored',
        revision: 7,
        isPublished: true,
        publishedId: 'x',
        domain: 'quiz.example.com',
        theme: EXTRA_THEME,
      },
    };
    const answer = await admin.send(saveTemplateEndpoint, { params: { id: created.id }, body });
    const stored = answer.data();
    expect(stored.revision).toBe(1);
    expect(stored).toMatchObject({
      id: created.id,
      name: 'Plan finder 2',
      type: 'general',
      categoryId: category.id,
    });
    expect(stored.quiz).toMatchObject({
      id: created.id,
      name: 'Plan finder 2',
      type: 'general',
      revision: 1,
      isPublished: false,
      publishedId: null,
      domain: null,
      theme: EXTRA_THEME,
      backgroundImage: saved.quiz.backgroundImage,
    });
    expectNoAccountDestinations(stored.quiz);
    expect(stored.quiz.outcomes[0]?.descriptions).toHaveLength(2);
    expect((await getTemplate(admin, created.id)).data()).toEqual(stored);
    const [audit] = await latestAuditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'template.update',
      adminEmail: admin.email,
      summary:
        'Saved template "Plan finder 2" (renamed from "Plan finder"; moved to another category; now available for new quizzes)',
    });
  });

  it('refuses a save over a newer revision with 409, saying who saved and when', async () => {
    const template = await createFilledTemplate(admin, 'Conflicted');
    const other = await t.signIn({ isAdmin: true, email: 'second.admin@example.com' });
    const first = await other.send(saveTemplateEndpoint, { params: { id: template.id }, body: template });
    expect(first.statusCode).toBe(200);
    const stale = await admin.send(saveTemplateEndpoint, {
      params: { id: template.id },
      body: { ...template, name: 'Mine' },
    });
    expect(stale.statusCode).toBe(409);
    const conflict = staleRevisionBodySchema.parse(stale.json());
    expect(conflict).toMatchObject({
      code: 'conflict',
      revision: template.revision + 1,
      savedBy: 'second.admin@example.com',
    });
    expect(conflict.error).toContain('second.admin@example.com');
    expect((await getTemplate(admin, template.id)).data().name).toBe('Conflicted');
  });

  it('refuses unknown categories and themes, a broken quiz and another id with 400s naming the field', async () => {
    const template = await createFilledTemplate(admin, 'Strict');
    const save = (body: unknown) => admin.send(saveTemplateEndpoint, { params: { id: template.id }, body });
    const unknownCategory = await save({ ...template, categoryId: crypto.randomUUID() });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toEqual({
      error: `Invalid request. body/categoryId: ${UNKNOWN_CATEGORY_MESSAGE}`,
      code: 'validation_failed',
    });
    expect((await save({ ...template, categoryId: 'x' })).json()).toMatchObject({
      error: expect.stringContaining('body/categoryId'),
    });
    const unknownTheme = await save({ ...template, quiz: { ...template.quiz, theme: 'theme-999' } });
    expect(unknownTheme.statusCode).toBe(400);
    expect(unknownTheme.json()).toMatchObject({
      error: `Invalid request. body/quiz/theme: ${UNKNOWN_THEME_MESSAGE}`,
    });
    const brokenQuiz = await save({ ...template, quiz: { ...template.quiz, nextId: 1 } });
    expect(brokenQuiz.statusCode).toBe(400);
    expect(brokenQuiz.json()).toMatchObject({ error: expect.stringContaining('body/quiz/') });
    const blankName = await save({ ...template, name: ' ' });
    expect(blankName.json()).toMatchObject({
      error: expect.stringContaining(`body/name: ${TEMPLATE_NAME_REQUIRED_TEXT}`),
    });
    const otherId = await save({ ...template, id: crypto.randomUUID() });
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json()).toMatchObject({ error: expect.stringContaining('body/id') });
    const tooLong = await save({ ...template, description: 'x'.repeat(2_001) });
    expect(tooLong.json()).toMatchObject({ error: expect.stringContaining('body/description') });
    expect((await getTemplate(admin, template.id)).data()).toEqual(template);
    const [row] = await t.context.db
      .select({ revision: templates.revision })
      .from(templates)
      .where(eq(templates.id, template.id));
    expect(row?.revision).toBe(template.revision);
  });

  it('answers 404 for an unknown template', async () => {
    const template = await createFilledTemplate(admin, 'Somewhere');
    const id = crypto.randomUUID();
    const missing = await admin.send(saveTemplateEndpoint, { params: { id }, body: { ...template, id } });
    expect(missing.statusCode).toBe(404);
  });

  it.each(NON_ADMIN_ROLES)('does not exist for a %s account (404), nor signed out (401)', async (role) => {
    const template = await createFilledTemplate(admin, `Not for ${role}`);
    const refused = await as[role].send(saveTemplateEndpoint, {
      params: { id: template.id },
      body: { ...template, name: 'Taken over' },
    });
    expect(refused.statusCode).toBe(404);
    const anonymous = await signedOut()(saveTemplateEndpoint, {
      params: { id: template.id },
      body: template,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await getTemplate(admin, template.id)).data().name).toBe(`Not for ${role}`);
  });
});
