import { quizSchema } from '@quizbeam/contracts/quiz';
import { templateCategories, templates } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import { withoutAccountDestinations } from '../../shared/withoutAccountDestinations';
import type { SeedResult } from './seedSummary';
import type { StarterCategory, StarterLibrary, StarterTemplate } from './starterLibrary/starterTemplate';

/**
 * Adds the starter library's categories and templates that the database lacks, by their seed keys, and
 * never touches an existing one: an admin's edits (or a category renamed) survive every later seed. A
 * starter category whose name an admin already gave to a category of their own uses that category.
 * Safe to run from several processes at once: the unique keys settle any race.
 */
export async function seedStarterLibrary(db: Database, library: StarterLibrary): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const result: SeedResult = { categories: [], templates: [] };
    const categoryIds = new Map<string, string>();
    for (const category of library.categories) {
      const { id, added } = await seedCategory(tx, category);
      categoryIds.set(category.key, id);
      if (added) result.categories.push(category.name);
    }
    const existing = await storedSeedKeys(
      tx,
      library.templates.map((template) => template.key),
    );
    for (const starter of library.templates) {
      if (existing.has(starter.key)) continue;
      const categoryId = categoryIds.get(starter.categoryKey);
      if (!categoryId) {
        throw new Error(
          `The starter template "${starter.key}" names an unknown category "${starter.categoryKey}".`,
        );
      }
      if (await seedTemplate(tx, starter, categoryId)) result.templates.push(starter.name);
    }
    return result;
  });
}

async function storedSeedKeys(tx: Database, keys: string[]): Promise<Set<string | null>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ seedKey: templates.seedKey })
    .from(templates)
    .where(inArray(templates.seedKey, keys));
  return new Set(rows.map((row) => row.seedKey));
}

async function seedCategory(
  tx: Database,
  category: StarterCategory,
): Promise<{ id: string; added: boolean }> {
  const [inserted] = await tx
    .insert(templateCategories)
    .values({ id: crypto.randomUUID(), name: category.name, seedKey: category.key })
    .onConflictDoNothing()
    .returning({ id: templateCategories.id });
  if (inserted) return { id: inserted.id, added: true };
  // Already seeded (perhaps renamed since), or an admin's own category with this name.
  const [found] = await tx
    .select({ id: templateCategories.id })
    .from(templateCategories)
    .where(
      or(
        eq(templateCategories.seedKey, category.key),
        sql`lower(${templateCategories.name}) = lower(${category.name})`,
      ),
    )
    .orderBy(sql`(${templateCategories.seedKey} = ${category.key}) desc nulls last`);
  if (!found) throw new Error(`The starter category "${category.key}" could be neither added nor found.`);
  return { id: found.id, added: false };
}

/** Inserts the template unless its key arrived meanwhile; true when this call added it. */
async function seedTemplate(tx: Database, starter: StarterTemplate, categoryId: string): Promise<boolean> {
  const id = crypto.randomUUID();
  const parsed = quizSchema.safeParse({
    ...starter.quiz,
    id,
    name: starter.name,
    type: starter.type,
    revision: 0,
  });
  if (!parsed.success) {
    throw new Error(`The starter template "${starter.key}" is not a valid quiz: ${parsed.error.message}`);
  }
  const [inserted] = await tx
    .insert(templates)
    .values({
      id,
      name: starter.name,
      type: starter.type,
      categoryId,
      description: starter.description,
      pointOfQuiz: starter.pointOfQuiz,
      isExtra: starter.isExtra,
      isAvailableForNewQuizzes: starter.isAvailableForNewQuizzes,
      document: withoutAccountDestinations(parsed.data),
      revision: 0,
      seedKey: starter.key,
    })
    .onConflictDoNothing({ target: templates.seedKey })
    .returning({ id: templates.id });
  return inserted !== undefined;
}

/** True for a database that has neither templates nor categories: a fresh install. */
export async function hasNoTemplateLibrary(db: Database): Promise<boolean> {
  const [categoryRows] = await db.select({ total: count() }).from(templateCategories);
  const [templateRows] = await db.select({ total: count() }).from(templates);
  return (categoryRows?.total ?? 0) === 0 && (templateRows?.total ?? 0) === 0;
}
