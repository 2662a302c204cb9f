import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import { leads } from '@quizbeam/db/schema';
import { takeId } from '@quizbeam/quiz-engine/ids';
import { answerDefaultRule } from '@quizbeam/quiz-engine/newQuiz';
import { type QuestionPatch, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { NO_LEAD_FIELDS } from '../features/delivery/deliveredLeadFields';
import { NO_MAPPED_URL_FIELDS } from '../features/delivery/deliveredUrlFields';
import type { LeadForDelivery } from '../features/delivery/leadPayload';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, visitorOf } from './publishing';
import type { SignedInAccount, TestApp } from './testApp';

/*
 * A ScoreApp-style assessment: a scored quiz with a question of each type a lead's answers come in (several
 * answers, a rating, a number with a unit, a dropdown, a text) and two categories, published with its capture
 * form on; and the lead a visitor leaves on it, whose data every destination must carry.
 */

export const ASSESSMENT_QUESTIONS = [
  'Which channels do you use?',
  'How confident is your team?',
  'How many employees?',
  'Your industry',
  'Anything else?',
] as const;

/** Strategy: channels (at most 2 + 3 + 1) and industry (at most 2); Execution: confidence (5) and size (3). */
function assessment(): { quiz: Quiz; q: number[]; a: number[][] } {
  const built = buildQuiz({
    type: 'scored',
    questions: [
      {
        text: ASSESSMENT_QUESTIONS[0],
        answers: [
          { text: 'Email', points: 2 },
          { text: 'Ads', points: 3 },
          { text: 'Events', points: 1 },
        ],
      },
      { text: ASSESSMENT_QUESTIONS[1] },
      { text: ASSESSMENT_QUESTIONS[2] },
      {
        text: ASSESSMENT_QUESTIONS[3],
        answers: [
          { text: 'Retail', points: 1 },
          { text: 'Software', points: 2 },
          { text: 'Health', points: 0 },
        ],
      },
      { text: ASSESSMENT_QUESTIONS[4] },
    ],
    outcomes: [
      { from: 0, to: 8 },
      { from: 9, to: 16 },
    ],
  });
  let quiz = built.quiz;
  const strategy = takeId(quiz);
  const execution = takeId(strategy.quiz);
  quiz = {
    ...execution.quiz,
    categories: [
      { id: strategy.id, name: 'Strategy' },
      { id: execution.id, name: 'Execution' },
    ],
    outcomes: execution.quiz.outcomes.map((outcome, index) => ({
      ...outcome,
      name: index === 0 ? 'Starter: [[percent]]%' : 'Leader: [[percent]]% ([[percent:Strategy]]% strategy)',
    })),
  };
  const [channels, confidence, employees, industry, notes] = built.q;
  const followQuestion = answerDefaultRule();
  const patches: [number | undefined, QuestionPatch][] = [
    [channels, { type: 'multi_list', selection: { min: 1, max: null }, category: strategy.id }],
    [
      confidence,
      {
        type: 'rating',
        rating: { kind: 'stars', lowLabel: 'Low', highLabel: 'High' },
        category: execution.id,
      },
    ],
    [
      employees,
      {
        type: 'number_input',
        number: { min: 1, max: 1000, step: 1, unit: 'employees', display: 'field' },
        ranges: [
          { from: 1, to: 49, points: 1, outcome: null, next: followQuestion },
          { from: 50, to: 1000, points: 3, outcome: null, next: followQuestion },
        ],
        category: execution.id,
      },
    ],
    [industry, { type: 'dropdown', category: strategy.id }],
    [notes, { type: 'text_input', multiline: true, optional: true }],
  ];
  for (const [questionId, patch] of patches) quiz = updateQuestion(quiz, questionId ?? 0, patch);
  return { quiz, q: built.q, a: built.a };
}

export interface PublishedAssessment {
  quiz: Quiz;
  snapshotId: string;
  q: number[];
  a: number[][];
  /** Email and Ads, 4 stars, 120 employees, Retail, and a text a spreadsheet would take for a formula. */
  answers: QuestionResponse[];
  /** Posts the capture form as the page does; answers the status and the result the visitor got. */
  postLead(
    email: string,
    visitId: string,
    responses?: QuestionResponse[],
  ): Promise<{ statusCode: number; result: Record<string, unknown>; leadId: string | null }>;
}

/** The assessment, saved and published by `account` with its capture form on and `settings`. */
export async function publishAssessment(
  t: TestApp,
  account: SignedInAccount,
  settings: Partial<LeadCaptureSettings> = {},
): Promise<PublishedAssessment> {
  const created = await account.call('POST', '/api/quizzes', { name: 'Growth assessment', type: 'scored' });
  const { quizId } = created.json() as { quizId: string };
  const stored = (await account.call('GET', `/api/quizzes/${quizId}`)).json() as Quiz;
  const { quiz: built, q, a } = assessment();
  const quiz: Quiz = {
    ...built,
    id: stored.id,
    name: stored.name,
    publishedId: stored.publishedId,
    leadCaptureSettings: { ...built.leadCaptureSettings, enabled: true, ...settings },
  };
  const saved = await account.call('PUT', `/api/quizzes/${quiz.id}`, quiz);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    saved.json(),
  );
  expect(published.statusCode, published.body).toBe(200);
  const snapshotId = await liveSnapshotIdOf(t, quiz.id);
  const [channels, confidence, employees, industry, notes] = q;
  const answers: QuestionResponse[] = [
    { questionId: channels ?? 0, answerIds: [a[0]?.[1] ?? 0, a[0]?.[0] ?? 0] },
    { questionId: confidence ?? 0, value: 4 },
    { questionId: employees ?? 0, value: 120 },
    { questionId: industry ?? 0, answerId: a[3]?.[0] ?? 0 },
    { questionId: notes ?? 0, text: '=1+1 call me' },
  ];
  const visitor = visitorOf(t);
  return {
    quiz: published.json() as Quiz,
    snapshotId,
    q,
    a,
    answers,
    async postLead(email, visitId, responses = answers) {
      const answered = await visitor('POST', '/_q/leads', {
        snapshotId,
        visitId,
        answers: responses,
        email,
        name: 'Ada Lovelace',
        consent: false,
        pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
      });
      const [lead] = await t.database.db
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.visitId, visitId));
      return { statusCode: answered.statusCode, result: answered.json(), leadId: lead?.id ?? null };
    },
  };
}

/** A scored lead with an answer of each shape and two categories, as the delivery worker loads one. */
export const assessmentLeadToDeliver: LeadForDelivery = {
  id: '11111111-1111-4111-8111-111111111111',
  quizId: '22222222-2222-4222-8222-222222222222',
  quizName: 'Which plan fits you?',
  email: 'ana+quiz@example.com',
  name: 'Ana María',
  outcome: { id: 3, title: 'The Planner' },
  quizType: 'scored',
  score: 7,
  percent: 70,
  answers: [
    {
      questionId: 1,
      question: 'How do you plan?',
      type: 'single_list',
      answerId: 2,
      answer: 'Weekly',
      display: 'Weekly',
    },
    {
      questionId: 4,
      question: 'Your tools',
      type: 'image_multi_list',
      answerIds: [9, 11],
      answers: ['Image 2 (desk.jpg)', 'Calendar'],
      display: 'Image 2 (desk.jpg), Calendar',
    },
    { questionId: 5, question: 'How organised are you?', type: 'rating', value: 8, display: '8' },
    {
      questionId: 6,
      question: 'Team size',
      type: 'number_input',
      value: 12,
      unit: 'people',
      display: '12 people',
    },
    { questionId: 7, question: 'Anything else?', type: 'text_input', text: '', display: '' },
  ],
  categories: [
    { id: 20, name: 'Planning', score: 4, maxScore: 5, percent: 80 },
    { id: 21, name: 'Focus', score: 3, maxScore: 5, percent: 60 },
  ],
  fields: NO_LEAD_FIELDS,
  urlFields: { utm_source: 'newsletter', gclid: 'EAIaIQobChMI', ref: 'partner7' },
  mappedUrlFields: NO_MAPPED_URL_FIELDS,
  consent: true,
  consentText: 'I agree to receive emails.',
  createdAt: new Date('2025-03-01T11:59:00Z'),
};
