import type { Me } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { PREMIUM_TEMPLATE_MESSAGE } from '@quizbeam/contracts/templates';
import type { Database } from '@quizbeam/db/database';
import { mayUseTheme } from '@quizbeam/themes/themeCatalog';
import { AppError } from '../../shared/appError';
import { withoutAccountDestinations } from '../../shared/withoutAccountDestinations';
import { newPublishedSlug } from '../quizzes/publishedSlug';
import { insertQuiz } from '../quizzes/quizRecords';
import { findTemplate, templateNotFound } from './templateRecords';

/**
 * Creates the account's quiz as a full copy of a template's quiz: a new id and public path, the name given,
 * unpublished, of the template's type. Its children keep their ids (ids are per document, and `nextId`
 * comes along). What the account may not use falls back as a save would require: an extra theme without
 * extraTemplates becomes the default one, alternate descriptions are kept only for Pro accounts. Images
 * stay where they were uploaded (uploads are never overwritten or deleted by the editor).
 *
 * A template not offered for new quizzes is a 404 to anyone but an admin; a premium one needs the
 * extraTemplates permission (admins may use any template).
 */
export async function createQuizFromTemplate(
  db: Database,
  me: Pick<Me, 'isAdmin' | 'account'>,
  templateId: string,
  name: string,
): Promise<string> {
  const template = await findTemplate(db, templateId);
  if (!template || !(me.isAdmin || template.isAvailableForNewQuizzes)) throw templateNotFound();
  const { permissions } = me.account;
  if (template.isExtra && !me.isAdmin && !permissions.extraTemplates) {
    throw new AppError('quota_exceeded', PREMIUM_TEMPLATE_MESSAGE);
  }
  const source = withoutAccountDestinations(template.quiz);
  const quiz: Quiz = {
    ...source,
    id: crypto.randomUUID(),
    name,
    type: template.type,
    revision: 0,
    publishedId: newPublishedSlug(),
    theme: mayUseTheme(source.theme, permissions) ? source.theme : DEFAULT_THEME_ID,
    outcomes: permissions.proVersion
      ? source.outcomes
      : source.outcomes.map((outcome) => ({ ...outcome, descriptions: outcome.descriptions.slice(0, 1) })),
  };
  await insertQuiz(db, me.account.id, quiz);
  return quiz.id;
}
