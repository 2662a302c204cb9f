import {
  categoryInUseMessage,
  createTemplateCategoryEndpoint,
  deleteTemplateCategoryEndpoint,
  duplicateCategoryMessage,
  MAX_CATEGORY_NAME,
  renameTemplateCategoryEndpoint,
  saveTemplateEndpoint,
  templateCategoriesEndpoint,
} from '@quizbeam/contracts/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createFilledTemplate,
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

const listCategories = async (account: SignedInAccount) =>
  (await account.send(templateCategoriesEndpoint)).data();
const rename = (account: SignedInAccount, id: string, name: string) =>
  account.send(renameTemplateCategoryEndpoint, { params: { id }, body: { name } });
const remove = (account: SignedInAccount, id: string) =>
  account.send(deleteTemplateCategoryEndpoint, { params: { id } });

describe('template categories', () => {
  it('adds categories (names trimmed, audited) and lists them to every role by name, case aside', async () => {
    const created = await admin.send(createTemplateCategoryEndpoint, { body: { name: '  personality ' } });
    expect(created.statusCode).toBe(201);
    const personality = created.data();
    expect(personality).toEqual({ id: expect.any(String), name: 'personality' });
    const [audit] = await latestAuditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'template_category.create',
      adminEmail: admin.email,
      accountId: null,
      summary: 'Added template category "personality"',
    });
    const health = await createCategory(admin, 'Health and fitness');
    const knowledge = await createCategory(admin, 'Knowledge test');
    for (const role of ROLE_NAMES) {
      expect(await listCategories(as[role])).toEqual([health, knowledge, personality]);
    }
    expect((await signedOut()(templateCategoriesEndpoint)).statusCode).toBe(401);
  });

  it('refuses a duplicate name whatever its case, and bad names, with 400 naming the field', async () => {
    await createCategory(admin, 'Lead generation');
    const duplicate = await admin.send(createTemplateCategoryEndpoint, { body: { name: 'LEAD GENERATION' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      error: `Invalid request. body/name: ${duplicateCategoryMessage('Lead generation')}`,
      code: 'validation_failed',
    });
    const blank = await admin.send(createTemplateCategoryEndpoint, { body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: expect.stringContaining('body/name: Please enter a category name.'),
    });
    const long = await admin.send(createTemplateCategoryEndpoint, {
      body: { name: 'x'.repeat(MAX_CATEGORY_NAME + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: expect.stringContaining('body/name') });
    const names = (await listCategories(admin)).map((category) => category.name.toLowerCase());
    expect(names.filter((name) => name === 'lead generation')).toHaveLength(1);
  });

  it('renames a category (its own name in another case too), refusing a name another one has', async () => {
    const quiz = await createCategory(admin, 'Quiz ideas');
    await createCategory(admin, 'Product recommendation');
    const renamed = await rename(admin, quiz.id, 'Quiz Ideas');
    expect(renamed.data()).toEqual({ id: quiz.id, name: 'Quiz Ideas' });
    const [audit] = await latestAuditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'template_category.rename',
      summary: 'Renamed template category "Quiz ideas" to "Quiz Ideas"',
    });
    const taken = await rename(admin, quiz.id, 'product RECOMMENDATION');
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      error: `Invalid request. body/name: ${duplicateCategoryMessage('Product recommendation')}`,
      code: 'validation_failed',
    });
    expect((await rename(admin, quiz.id, '')).statusCode).toBe(400);
    expect((await rename(admin, crypto.randomUUID(), 'Anything')).statusCode).toBe(404);
    expect((await listCategories(admin)).find((category) => category.id === quiz.id)?.name).toBe(
      'Quiz Ideas',
    );
  });

  it('removes a category no template uses, and refuses one in use with 409 in_use and the count', async () => {
    const used = await createCategory(admin, 'Used twice');
    const unused = await createCategory(admin, 'Unused');
    const first = await createFilledTemplate(admin, 'First', { categoryId: used.id });
    await createFilledTemplate(admin, 'Second', { categoryId: used.id });
    const inUse = await remove(admin, used.id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ error: categoryInUseMessage(2), code: 'in_use' });
    expect(categoryInUseMessage(2)).toBe(
      'This category is used by 2 templates. Move them to another category first.',
    );

    expect((await remove(admin, unused.id)).data()).toEqual({ ok: true });
    const [audit] = await latestAuditRows(t, 1);
    expect(audit).toMatchObject({
      action: 'template_category.delete',
      summary: 'Removed template category "Unused"',
    });
    expect((await listCategories(admin)).map((category) => category.id)).not.toContain(unused.id);
    expect((await remove(admin, unused.id)).statusCode).toBe(404);

    // A template moved into a removed category is refused.
    const moved = await admin.send(saveTemplateEndpoint, {
      params: { id: first.id },
      body: { ...first, categoryId: unused.id },
    });
    expect(moved.statusCode).toBe(400);
  });

  it.each(NON_ADMIN_ROLES)(
    'does not let a %s account add, rename or remove categories (404)',
    async (role) => {
      const category = await createCategory(admin, `Kept from ${role}`);
      const account = as[role];
      expect(
        (await account.send(createTemplateCategoryEndpoint, { body: { name: 'Mine' } })).statusCode,
      ).toBe(404);
      expect((await rename(account, category.id, 'Mine')).statusCode).toBe(404);
      expect((await remove(account, category.id)).statusCode).toBe(404);
      expect((await listCategories(admin)).find((row) => row.id === category.id)?.name).toBe(
        `Kept from ${role}`,
      );
    },
  );

  it('answers 401 signed out and 404 for malformed ids', async () => {
    const category = await createCategory(admin, 'Signed out');
    const anonymous = signedOut();
    expect((await anonymous(createTemplateCategoryEndpoint, { body: { name: 'X' } })).statusCode).toBe(401);
    expect(
      (await anonymous(renameTemplateCategoryEndpoint, { params: { id: category.id }, body: { name: 'X' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await anonymous(deleteTemplateCategoryEndpoint, { params: { id: category.id } })).statusCode,
    ).toBe(401);
    expect((await rename(admin, 'not-a-uuid', 'X')).statusCode).toBe(404);
    expect((await remove(admin, 'not-a-uuid')).statusCode).toBe(404);
  });
});
