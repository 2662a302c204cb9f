import type { Me } from '@quizbeam/contracts/auth';
import { idParam } from '@quizbeam/contracts/endpoint';
import type { QuizType } from '@quizbeam/contracts/quiz';
import type { Template, TemplateForNewQuiz, TemplateSummary } from '@quizbeam/contracts/templates';
import { templates } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../shared/appError';

export const templateNotFound = () => new AppError('not_found', 'We could not find that template.');

/** An id from outside (a body) is checked before it reaches a uuid column, where a malformed one would fail. */
export const isUuid = (id: string) => idParam.safeParse(id).success;

export const templateColumns = {
  id: templates.id,
  name: templates.name,
  type: templates.type,
  categoryId: templates.categoryId,
  description: templates.description,
  pointOfQuiz: templates.pointOfQuiz,
  isExtra: templates.isExtra,
  isAvailableForNewQuizzes: templates.isAvailableForNewQuizzes,
  revision: templates.revision,
  document: templates.document,
};

export interface TemplateRow {
  id: string;
  name: string;
  type: QuizType;
  categoryId: string | null;
  description: string;
  pointOfQuiz: string;
  isExtra: boolean;
  isAvailableForNewQuizzes: boolean;
  revision: number;
  document: unknown;
}

/** The stored template, its quiz migrated on read; the quiz's id, name, type and revision are the template's. */
export function templateOf({ document, ...row }: TemplateRow): Template {
  const quiz = migrateQuizDocument(document);
  return {
    ...row,
    quiz: { ...quiz, id: row.id, name: row.name, type: row.type, revision: row.revision },
  };
}

export async function findTemplate(db: Database, templateId: string): Promise<Template | null> {
  if (!isUuid(templateId)) return null;
  const [row] = await db.select(templateColumns).from(templates).where(eq(templates.id, templateId));
  return row ? templateOf(row) : null;
}

/** Admins see every template; anyone else only those offered for new quizzes (any other id is a 404). */
export async function findVisibleTemplate(
  db: Database,
  me: Pick<Me, 'isAdmin'>,
  templateId: string,
): Promise<Template> {
  const template = await findTemplate(db, templateId);
  if (!template || !(me.isAdmin || template.isAvailableForNewQuizzes)) throw templateNotFound();
  return template;
}

const questionCount =
  sql<number>`coalesce(jsonb_array_length(${templates.document}->'questions'), 0)`.mapWith(Number);
const outcomeCount = sql<number>`coalesce(jsonb_array_length(${templates.document}->'outcomes'), 0)`.mapWith(
  Number,
);
const byName = [asc(sql`lower(${templates.name})`), asc(templates.id)];

/** Every template, by name (case aside), as the admins' list shows them. */
export async function listTemplateSummaries(db: Database): Promise<TemplateSummary[]> {
  const rows = await db
    .select({
      id: templates.id,
      name: templates.name,
      type: templates.type,
      categoryId: templates.categoryId,
      isExtra: templates.isExtra,
      isAvailableForNewQuizzes: templates.isAvailableForNewQuizzes,
      questionCount,
      outcomeCount,
      updatedAt: templates.updatedAt,
    })
    .from(templates)
    .orderBy(...byName);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The templates offered on New Quiz, by name. A premium one is listed to everyone but locked for accounts
 * without the extraTemplates permission; admins may use any template, so nothing is locked for them.
 */
export async function listTemplatesForNewQuiz(
  db: Database,
  me: Pick<Me, 'isAdmin' | 'account'>,
): Promise<TemplateForNewQuiz[]> {
  const rows = await db
    .select({
      id: templates.id,
      name: templates.name,
      type: templates.type,
      categoryId: templates.categoryId,
      description: templates.description,
      pointOfQuiz: templates.pointOfQuiz,
      questionCount,
      outcomeCount,
      isExtra: templates.isExtra,
    })
    .from(templates)
    .where(eq(templates.isAvailableForNewQuizzes, true))
    .orderBy(...byName);
  const mayUsePremium = me.isAdmin || me.account.permissions.extraTemplates;
  return rows.map((row) => ({ ...row, locked: row.isExtra && !mayUsePremium }));
}
