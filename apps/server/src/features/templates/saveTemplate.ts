import type { Me } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Template } from '@quizbeam/contracts/templates';
import { UNKNOWN_THEME_MESSAGE } from '@quizbeam/contracts/themes';
import { templates } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { users } from '@quizbeam/db/schema';
import { findTheme } from '@quizbeam/themes/themeCatalog';
import { eq } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import { withoutAccountDestinations } from '../../shared/withoutAccountDestinations';
import { recordTemplateAudit } from './recordTemplateAudit';
import { assertCategoryForTemplate } from './templateCategories';
import { templateNotFound } from './templateRecords';

type Admin = Pick<Me, 'userId' | 'email'>;

/** What the audit row compares: the template's own fields, not its quiz. */
interface TemplateSettings {
  name: string;
  categoryId: string | null;
  isExtra: boolean;
  isAvailableForNewQuizzes: boolean;
}

/**
 * Saves the whole template over the revision it carries, which becomes the next one; a newer stored revision
 * is a 409 that says who saved it and when, as a quiz's save does. The type stays the stored one, the quiz
 * takes the template's id, name and type, and loses anything that points into an account. Any theme of the
 * catalog may be used (premium templates may use extra themes; a copy falls back where it must).
 */
export async function saveTemplate(
  db: Database,
  admin: Admin,
  templateId: string,
  incoming: Template,
): Promise<Template> {
  if (incoming.id !== templateId) {
    throw new AppError(
      'validation_failed',
      'Invalid request. body/id: does not match the template in the address.',
    );
  }
  if (!findTheme(incoming.quiz.theme)) {
    throw new AppError('validation_failed', `Invalid request. body/quiz/theme: ${UNKNOWN_THEME_MESSAGE}`);
  }
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({
        name: templates.name,
        type: templates.type,
        categoryId: templates.categoryId,
        isExtra: templates.isExtra,
        isAvailableForNewQuizzes: templates.isAvailableForNewQuizzes,
        revision: templates.revision,
      })
      .from(templates)
      .where(eq(templates.id, templateId))
      .for('update');
    if (!stored) throw templateNotFound();
    if (stored.revision !== incoming.revision) throw await staleRevision(tx, templateId);
    await assertCategoryForTemplate(tx, incoming.categoryId, 'categoryId');

    const revision = stored.revision + 1;
    const quiz: Quiz = {
      ...withoutAccountDestinations(incoming.quiz),
      id: templateId,
      name: incoming.name,
      type: stored.type,
      revision,
    };
    const saved: Template = { ...incoming, type: stored.type, revision, quiz };
    await tx
      .update(templates)
      .set({
        name: saved.name,
        categoryId: saved.categoryId,
        description: saved.description,
        pointOfQuiz: saved.pointOfQuiz,
        isExtra: saved.isExtra,
        isAvailableForNewQuizzes: saved.isAvailableForNewQuizzes,
        document: quiz,
        revision,
        updatedBy: admin.userId,
        updatedAt: new Date(),
      })
      .where(eq(templates.id, templateId));
    await recordTemplateAudit(tx, admin, 'template.update', savedSummary(stored, saved), {
      templateId,
      revision,
      before: settingsOf(stored),
      after: settingsOf(saved),
    });
    return saved;
  });
}

const settingsOf = ({ name, categoryId, isExtra, isAvailableForNewQuizzes }: TemplateSettings) => ({
  name,
  categoryId,
  isExtra,
  isAvailableForNewQuizzes,
});

/** 'Saved template "Plan finder" (renamed from "Plans"; now available for new quizzes)'. */
function savedSummary(before: TemplateSettings, after: TemplateSettings): string {
  const changes = [
    before.name !== after.name ? `renamed from "${before.name}"` : null,
    before.categoryId !== after.categoryId ? 'moved to another category' : null,
    before.isExtra !== after.isExtra ? (after.isExtra ? 'now premium' : 'no longer premium') : null,
    before.isAvailableForNewQuizzes !== after.isAvailableForNewQuizzes
      ? after.isAvailableForNewQuizzes
        ? 'now available for new quizzes'
        : 'no longer available for new quizzes'
      : null,
  ].filter((change) => change !== null);
  return `Saved template "${after.name}"${changes.length ? ` (${changes.join('; ')})` : ''}`;
}

/** The 409 of a save over a revision that is no longer the stored one (same body as a quiz's). */
async function staleRevision(tx: Database, templateId: string): Promise<AppError> {
  const [row] = await tx
    .select({ revision: templates.revision, updatedAt: templates.updatedAt, savedBy: users.email })
    .from(templates)
    .leftJoin(users, eq(users.id, templates.updatedBy))
    .where(eq(templates.id, templateId));
  if (!row) return templateNotFound();
  const by = row.savedBy ? ` by ${row.savedBy}` : '';
  return new AppError(
    'conflict',
    `This template was saved${by} after you opened it. Reload their version, or overwrite it with yours.`,
    {},
    { revision: row.revision, savedBy: row.savedBy, savedAt: row.updatedAt.toISOString() },
  );
}
