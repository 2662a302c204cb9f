import { quizSchema } from '@quizbeam/contracts/quiz';
import { templateCategories, templates } from '@quizbeam/db/adminSchema';
import type { DatabaseHandle } from '@quizbeam/db/database';
import { openTestDatabase } from '@quizbeam/db/testing';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filledQuiz } from '../../testing/templates';
import { createAccount } from '../accounts/createAccount';
import { saveTemplate } from './saveTemplate';
import { seedFreshDatabase } from './seedFreshDatabase';
import { seedStarterLibrary } from './seedStarterLibrary';
import { seedSummary } from './seedSummary';
import { loadStarterLibrary } from './starterLibrary/loadStarterLibrary';
import type { StarterLibrary, StarterTemplate } from './starterLibrary/starterTemplate';
import { findTemplate } from './templateRecords';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
// Each test starts from a database without a template library.
beforeEach(async () => {
  await database.db.delete(templates);
  await database.db.delete(templateCategories);
});

function starter(
  key: string,
  categoryKey: string,
  overrides: Partial<StarterTemplate> = {},
): StarterTemplate {
  const name = `Template ${key}`;
  return {
    key,
    categoryKey,
    name,
    type: 'general',
    description: `What ${key} is for.`,
    pointOfQuiz: `The point of ${key}`,
    isExtra: false,
    isAvailableForNewQuizzes: true,
    quiz: filledQuiz(newQuiz({ id: 'placeholder', name: 'Placeholder', type: 'general' }), 'starter-library'),
    ...overrides,
  };
}

const smallLibrary = (): StarterLibrary => ({
  categories: [
    { key: 'lead-generation', name: 'Lead Generation' },
    { key: 'personality', name: 'Personality' },
  ],
  templates: [
    starter('plan-finder', 'lead-generation'),
    starter('premium-one', 'lead-generation', { isExtra: true, type: 'scored' }),
    starter('who-are-you', 'personality'),
  ],
});

const storedTemplates = () =>
  database.db
    .select({
      id: templates.id,
      seedKey: templates.seedKey,
      name: templates.name,
      categoryId: templates.categoryId,
    })
    .from(templates)
    .orderBy(asc(templates.seedKey));
const storedCategories = () =>
  database.db
    .select({ id: templateCategories.id, seedKey: templateCategories.seedKey, name: templateCategories.name })
    .from(templateCategories)
    .orderBy(asc(templateCategories.name));

async function anAdmin() {
  const { userId, email } = await createAccount(database.db, {
    email: `admin-${crypto.randomUUID().slice(0, 8)}@example.com`,
    name: 'Admins',
    isAdmin: true,
  });
  return { userId, email };
}

describe('seedStarterLibrary', () => {
  it('adds the categories and templates with their keys, as valid quizzes without account destinations', async () => {
    const library = smallLibrary();
    const result = await seedStarterLibrary(database.db, library);
    expect(result).toEqual({
      categories: ['Lead Generation', 'Personality'],
      templates: ['Template plan-finder', 'Template premium-one', 'Template who-are-you'],
    });
    expect(seedSummary(result)).toBe('Added 2 template categories and 3 templates from the starter library.');
    const categories = await storedCategories();
    expect(categories.map((category) => category.seedKey)).toEqual(['lead-generation', 'personality']);
    const rows = await storedTemplates();
    expect(rows.map((row) => row.seedKey)).toEqual(['plan-finder', 'premium-one', 'who-are-you']);
    expect(rows[2]?.categoryId).toBe(categories[1]?.id);

    const premium = await findTemplate(database.db, rows[1]?.id ?? '');
    expect(premium).toMatchObject({
      name: 'Template premium-one',
      type: 'scored',
      isExtra: true,
      isAvailableForNewQuizzes: true,
      description: 'What premium-one is for.',
      pointOfQuiz: 'The point of premium-one',
      revision: 0,
    });
    expect(quizSchema.parse(premium?.quiz)).toMatchObject({ id: rows[1]?.id, type: 'scored', revision: 0 });
    expect(premium?.quiz.leadCaptureSettings).toMatchObject({
      connectionId: null,
      targetId: null,
      webhookIds: [],
    });
    expect(premium?.quiz.questions).toEqual(library.templates[1]?.quiz.questions);
  });

  it('adds nothing the second time, and keeps what admins changed', async () => {
    await seedStarterLibrary(database.db, smallLibrary());
    const admin = await anAdmin();
    const [row] = await storedTemplates();
    const seeded = await findTemplate(database.db, row?.id ?? '');
    if (!seeded) throw new Error('the seed stored no template');
    await saveTemplate(database.db, admin, seeded.id, {
      ...seeded,
      name: 'Our plan finder',
      isAvailableForNewQuizzes: false,
    });
    const [category] = await storedCategories();
    await database.db
      .update(templateCategories)
      .set({ name: 'Leads' })
      .where(eq(templateCategories.id, category?.id ?? ''));

    const again = await seedStarterLibrary(database.db, smallLibrary());
    expect(again).toEqual({ categories: [], templates: [] });
    expect(seedSummary(again)).toBe('The starter library is already in place: nothing to add.');
    expect(await findTemplate(database.db, seeded.id)).toMatchObject({
      name: 'Our plan finder',
      isAvailableForNewQuizzes: false,
      revision: 1,
    });
    expect((await storedCategories()).map((stored) => stored.name)).toEqual(['Leads', 'Personality']);
    expect(await storedTemplates()).toHaveLength(3);
  });

  it('adds only what is missing: a new template, a removed category; an admin category of the same name is used', async () => {
    const library = smallLibrary();
    await seedStarterLibrary(database.db, {
      categories: library.categories.slice(0, 1),
      templates: library.templates.slice(0, 2),
    });
    const adminCategoryId = crypto.randomUUID();
    await database.db.insert(templateCategories).values({ id: adminCategoryId, name: 'PERSONALITY' });

    const result = await seedStarterLibrary(database.db, library);
    expect(result).toEqual({ categories: [], templates: ['Template who-are-you'] });
    const added = (await storedTemplates()).find((row) => row.seedKey === 'who-are-you');
    expect(added?.categoryId).toBe(adminCategoryId);
    expect((await storedCategories()).find((row) => row.id === adminCategoryId)).toEqual({
      id: adminCategoryId,
      seedKey: null,
      name: 'PERSONALITY',
    });
  });

  it('refuses a library with an unknown category or an invalid quiz, naming the template, and stores nothing', async () => {
    const library = smallLibrary();
    await expect(
      seedStarterLibrary(database.db, { ...library, templates: [starter('lost', 'nowhere')] }),
    ).rejects.toThrow('"lost" names an unknown category "nowhere"');
    const broken = starter('broken', 'personality');
    await expect(
      seedStarterLibrary(database.db, {
        ...library,
        templates: [{ ...broken, quiz: { ...broken.quiz, nextId: 1 } }],
      }),
    ).rejects.toThrow('"broken" is not a valid quiz');
    expect(await storedCategories()).toEqual([]);
    expect(await storedTemplates()).toEqual([]);
  });
});

describe('seedFreshDatabase', () => {
  it('seeds a database without templates or categories, and leaves one that has either alone', async () => {
    const lines: string[] = [];
    await seedFreshDatabase(database.db, (line) => lines.push(line), smallLibrary);
    expect(lines).toEqual(['Added 2 template categories and 3 templates from the starter library.']);
    await database.db.delete(templates);
    await seedFreshDatabase(database.db, (line) => lines.push(line), smallLibrary);
    expect(lines).toHaveLength(1);
    expect(await storedTemplates()).toEqual([]);
  });

  it('reports a library it cannot add instead of stopping the start, and adds nothing', async () => {
    const lines: string[] = [];
    const broken = (): StarterLibrary => ({ ...smallLibrary(), templates: [starter('lost', 'nowhere')] });
    await seedFreshDatabase(database.db, (line) => lines.push(line), broken);
    expect(lines).toEqual([
      'Could not add the starter template library: The starter template "lost" names an unknown category "nowhere".',
    ]);
    expect(await storedCategories()).toEqual([]);
  });
});

describe('the shipped starter library', () => {
  it('seeds a fresh database with at least 24 templates in at least 6 categories, once', async () => {
    const lines: string[] = [];
    await seedFreshDatabase(database.db, (line) => lines.push(line));
    const rows = await storedTemplates();
    const categories = await storedCategories();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((row) => row.categoryId)).size).toBeGreaterThanOrEqual(6);
    expect(lines).toEqual([
      `Added ${categories.length} template categories and ${rows.length} templates from the starter library.`,
    ]);
    for (const row of rows) {
      const template = await findTemplate(database.db, row.id);
      expect(quizSchema.safeParse(template?.quiz).success).toBe(true);
    }

    const admin = await anAdmin();
    const edited = await findTemplate(database.db, rows[0]?.id ?? '');
    if (!edited) throw new Error('the seed stored no template');
    await saveTemplate(database.db, admin, edited.id, { ...edited, description: 'Rewritten by an admin.' });

    expect(await seedStarterLibrary(database.db, loadStarterLibrary())).toEqual({
      categories: [],
      templates: [],
    });
    expect(await storedTemplates()).toHaveLength(rows.length);
    expect((await findTemplate(database.db, edited.id))?.description).toBe('Rewritten by an admin.');
  });
});
