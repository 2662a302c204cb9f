import type { Image, Quiz, QuizType } from '@quizbeam/contracts/quiz';
import {
  createTemplateCategoryEndpoint,
  createTemplateEndpoint,
  saveTemplateEndpoint,
  type Template,
} from '@quizbeam/contracts/templates';
import { adminAuditLog } from '@quizbeam/db/adminSchema';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import {
  addAlternateDescription,
  addOutcome,
  updateDescription,
  updateOutcome,
} from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { desc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { NewAccount } from '../features/accounts/createAccount';
import type { SignedInAccount, TestApp } from './testApp';

/** The kinds of account every template call is tried with. */
export const ROLES = {
  admin: { isAdmin: true },
  plain: {},
  limited: { isLimited: true },
  commercial: { commercialFeatures: true },
  extraTemplates: { extraTemplates: true },
} satisfies Record<string, Partial<NewAccount>>;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];
export const NON_ADMIN_ROLES = ROLE_NAMES.filter((role) => role !== 'admin');

export async function signInEveryRole(t: TestApp): Promise<Record<Role, SignedInAccount>> {
  const entries = await Promise.all(
    ROLE_NAMES.map(async (role) => [role, await t.signIn(ROLES[role])] as const),
  );
  return Object.fromEntries(entries) as Record<Role, SignedInAccount>;
}

export const EXTRA_THEME = 'aurora-21';

export const uploadedImage = (accountId: string): Image => ({
  id: 'image-1',
  accountId,
  filename: 'team.jpg',
  s3Key: `uploads/${accountId}/team.jpg`,
  url: `https://images.example.com/uploads/${accountId}/team.jpg`,
  width: 1280,
  height: 900,
});

/**
 * The template's quiz with real content: two questions whose answers point at two outcomes, an image, an
 * alternate description, and capture settings naming another account's connection, form and webhook.
 */
export function filledQuiz(quiz: Quiz, imageOwner: string): Quiz {
  let filled = quiz;
  const outcomes: number[] = [];
  for (const name of ['Growth plan', 'Starter plan']) {
    const added = addOutcome(filled);
    filled = updateOutcome(added.quiz, added.outcomeId, {
      name,
      scoreRange: outcomes.length === 0 ? { from: 0, to: 1 } : { from: 2, to: 10 },
    });
    outcomes.push(added.outcomeId);
  }
  const [first, second] = outcomes as [number, number];
  filled = updateDescription(filled, first, 0, 'You are ready to grow.');
  filled = addAlternateDescription(filled, first);
  filled = updateDescription(filled, first, 1, 'Growth is your next step.');
  for (const text of ['How big is your team?', 'How many leads a month?']) {
    const question = addQuestion(filled);
    filled = updateQuestion(question.quiz, question.questionId, { text });
    for (const [index, outcome] of [first, second].entries()) {
      const answer = addAnswer(filled, question.questionId);
      filled = updateAnswer(answer.quiz, question.questionId, answer.answerId, {
        text: `Answer ${index + 1}`,
        outcome,
        points: index,
      });
    }
  }
  const webhookId = crypto.randomUUID();
  const htmlFormSettings = {
    htmlFormId: crypto.randomUUID(),
    formData: {
      method: 'post' as const,
      action: 'https://forms.example.com/x',
      fields: [],
      submit: { name: '', value: '' },
    },
    fieldMappings: { name: null, email: 'email', checkboxes: [] },
  };
  return {
    ...filled,
    title: 'Which plan fits you?',
    description: 'Answer two questions.',
    backgroundImage: uploadedImage(imageOwner),
    leadCaptureSettings: {
      ...filled.leadCaptureSettings,
      enabled: true,
      headerText: 'Get your plan by email',
      targetServiceName: 'mailchimp',
      connectionId: 'connection-of-someone',
      targetId: 'list-of-someone',
      htmlFormSettings,
      webhookIds: [webhookId],
    },
    outcomes: filled.outcomes.map((outcome) => ({
      ...outcome,
      leadCaptureSettings: {
        ...outcome.leadCaptureSettings,
        targetId: 'segment',
        htmlFormSettings,
        webhookIds: [webhookId],
      },
    })),
  };
}

export interface TemplateSettings {
  type?: QuizType;
  categoryId?: string | null;
  isExtra?: boolean;
  isAvailableForNewQuizzes?: boolean;
  theme?: string;
}

/** A template made and filled through the admin calls, as the template editor does. */
export async function createFilledTemplate(
  admin: SignedInAccount,
  name: string,
  settings: TemplateSettings = {},
): Promise<Template> {
  const created = (
    await admin.send(createTemplateEndpoint, {
      body: { name, type: settings.type ?? 'general', category: settings.categoryId ?? null },
    })
  ).data();
  const quiz = filledQuiz(created.quiz, admin.accountId);
  return (
    await admin.send(saveTemplateEndpoint, {
      params: { id: created.id },
      body: {
        ...created,
        description: `${name}: a short description.`,
        pointOfQuiz: 'Recommend the right plan and capture the lead',
        isExtra: settings.isExtra ?? false,
        isAvailableForNewQuizzes: settings.isAvailableForNewQuizzes ?? true,
        quiz: { ...quiz, theme: settings.theme ?? quiz.theme },
      },
    })
  ).data();
}

export async function createCategory(
  admin: SignedInAccount,
  name: string,
): Promise<{ id: string; name: string }> {
  return (await admin.send(createTemplateCategoryEndpoint, { body: { name } })).data();
}

/** The newest audit rows, newest first. */
export async function latestAuditRows(t: TestApp, count: number) {
  return t.context.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(count);
}

/** A copy of `filledQuiz` keeps its capture texts and nothing of where the first account's leads went. */
export function expectNoAccountDestinations(quiz: Quiz): void {
  expect(quiz.leadCaptureSettings).toMatchObject({
    enabled: true,
    headerText: 'Get your plan by email',
    targetServiceName: null,
    connectionId: null,
    targetId: null,
    htmlFormSettings: null,
    webhookIds: [],
  });
  for (const outcome of quiz.outcomes) {
    expect(outcome.leadCaptureSettings).toMatchObject({
      targetId: null,
      htmlFormSettings: null,
      webhookIds: [],
    });
  }
}
