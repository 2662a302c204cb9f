import type { Me } from '@quizbeam/contracts/auth';
import type { CreateTemplateBody, Template } from '@quizbeam/contracts/templates';
import { templates } from '@quizbeam/db/adminSchema';
import type { Database } from '@quizbeam/db/database';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { recordTemplateAudit } from './recordTemplateAudit';
import { assertCategoryForTemplate } from './templateCategories';

/** A new, empty template: not offered for new quizzes and not premium until an admin says so. */
export async function createTemplate(
  db: Database,
  admin: Pick<Me, 'userId' | 'email'>,
  { name, type, category }: CreateTemplateBody,
): Promise<Template> {
  const id = crypto.randomUUID();
  const template: Template = {
    id,
    name,
    type,
    categoryId: category,
    description: '',
    pointOfQuiz: '',
    isExtra: false,
    isAvailableForNewQuizzes: false,
    revision: 0,
    quiz: newQuiz({ id, name, type }),
  };
  await db.transaction(async (tx) => {
    await assertCategoryForTemplate(tx, category, 'category');
    await tx.insert(templates).values({
      id,
      name,
      type,
      categoryId: category,
      document: template.quiz,
      revision: 0,
      updatedBy: admin.userId,
    });
    await recordTemplateAudit(tx, admin, 'template.create', `Created template "${name}"`, {
      templateId: id,
      type,
      categoryId: category,
    });
  });
  return template;
}
