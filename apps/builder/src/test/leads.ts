import type { Lead, LeadDelivery } from '@quizbeam/contracts/leads';

export const QUIZ_ID = 'quiz-7';
export const LEADS_PATH = '/accounts/account-1/quizzes/quiz-7/leads';

export function delivery(overrides: Partial<LeadDelivery> = {}): LeadDelivery {
  return {
    id: 'delivery-1',
    destinationName: 'CRM webhook',
    destinationType: 'webhook',
    state: 'delivered',
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    ...overrides,
  };
}

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'lead-1',
    email: 'ada@example.com',
    name: 'Ada',
    outcome: { id: 2, title: 'Labrador' },
    score: 1250,
    createdAt: '2026-11-23T12:00:00.000Z',
    utmSource: 'newsletter',
    urlFields: {},
    urlFieldsCut: [],
    consent: true,
    percent: 0,
    answers: [],
    categories: [],
    fields: [],
    deliveries: [],
    ...overrides,
  };
}
