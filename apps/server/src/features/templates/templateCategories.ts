import type { Me } from '@quizbeam/contracts/auth';
import {
  categoryInUseMessage,
  duplicateCategoryMessage,
  type TemplateCategory,
  UNKNOWN_CATEGORY_MESSAGE,
} from '@quizbeam/contracts/templates';
import { templateCategories, templates } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import { isUniqueViolation } from './constraintViolation';
import { recordTemplateAudit } from './recordTemplateAudit';
import { isUuid } from './templateRecords';

type Admin = Pick<Me, 'userId' | 'email'>;

const categoryColumns = { id: templateCategories.id, name: templateCategories.name };
const sameName = (name: string) => sql`lower(${templateCategories.name}) = lower(${name})`;
// A 400 that names the field, like every other refusal of what the admin typed.
const duplicateOf = (name: string) =>
  new AppError('validation_failed', `Invalid request. body/name: ${duplicateCategoryMessage(name)}`);

/** Every category, by name (case aside). */
export async function listTemplateCategories(db: Database): Promise<TemplateCategory[]> {
  return db
    .select(categoryColumns)
    .from(templateCategories)
    .orderBy(asc(sql`lower(${templateCategories.name})`), asc(templateCategories.id));
}

/**
 * Inside a transaction that gives a template this category: a missing one is a 400 on `field`. The row stays
 * share-locked until the transaction ends, so a concurrent removal waits and then sees the template.
 */
export async function assertCategoryForTemplate(
  tx: Database,
  categoryId: string | null,
  field: 'category' | 'categoryId',
): Promise<void> {
  if (categoryId === null) return;
  const [row] = isUuid(categoryId)
    ? await tx
        .select({ id: templateCategories.id })
        .from(templateCategories)
        .where(eq(templateCategories.id, categoryId))
        .for('share')
    : [];
  if (!row) {
    throw new AppError('validation_failed', `Invalid request. body/${field}: ${UNKNOWN_CATEGORY_MESSAGE}`);
  }
}

/** The name is taken by another category (names are unique whatever their case): 409 `duplicate`. */
async function assertNameFree(db: Database, name: string, ownId: string | null): Promise<void> {
  const [taken] = await db
    .select({ name: templateCategories.name })
    .from(templateCategories)
    .where(ownId ? and(sameName(name), ne(templateCategories.id, ownId)) : sameName(name));
  if (taken) throw duplicateOf(taken.name);
}

/** A write that a concurrent one beat to the same name: the unique index refused it. */
async function refusedAsDuplicate<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOf(name);
    throw error;
  }
}

export async function createTemplateCategory(
  db: Database,
  admin: Admin,
  name: string,
): Promise<TemplateCategory> {
  await assertNameFree(db, name, null);
  return refusedAsDuplicate(name, () =>
    db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      await tx.insert(templateCategories).values({ id, name });
      await recordTemplateAudit(tx, admin, 'template_category.create', `Added template category "${name}"`, {
        categoryId: id,
        name,
      });
      return { id, name };
    }),
  );
}

export async function renameTemplateCategory(
  db: Database,
  admin: Admin,
  categoryId: string,
  name: string,
): Promise<TemplateCategory> {
  await assertNameFree(db, name, categoryId);
  return refusedAsDuplicate(name, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(categoryColumns)
        .from(templateCategories)
        .where(eq(templateCategories.id, categoryId))
        .for('update');
      if (!before) throw notFound();
      await tx.update(templateCategories).set({ name }).where(eq(templateCategories.id, categoryId));
      await recordTemplateAudit(
        tx,
        admin,
        'template_category.rename',
        `Renamed template category "${before.name}" to "${name}"`,
        { categoryId, before: { name: before.name }, after: { name } },
      );
      return { id: categoryId, name };
    }),
  );
}

/** Removes a category no template uses; one in use is a 409 `in_use` that says how many use it. */
export async function deleteTemplateCategory(db: Database, admin: Admin, categoryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a template being moved into it meanwhile waits, then finds it gone.
    const [category] = await tx
      .select(categoryColumns)
      .from(templateCategories)
      .where(eq(templateCategories.id, categoryId))
      .for('update');
    if (!category) throw notFound();
    const [usage] = await tx
      .select({ templates: count() })
      .from(templates)
      .where(eq(templates.categoryId, categoryId));
    const inUse = usage?.templates ?? 0;
    if (inUse > 0) throw new AppError('in_use', categoryInUseMessage(inUse));
    await tx.delete(templateCategories).where(eq(templateCategories.id, categoryId));
    await recordTemplateAudit(
      tx,
      admin,
      'template_category.delete',
      `Removed template category "${category.name}"`,
      { categoryId, name: category.name },
    );
  });
}
