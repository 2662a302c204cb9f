import { describe, expect, it } from 'vitest';
import { assessmentLeadToDeliver } from '../../../testing/assessmentLeads';
import { NO_LEAD_FIELDS } from '../deliveredLeadFields';
import { NO_MAPPED_URL_FIELDS } from '../deliveredUrlFields';
import type { LeadForDelivery } from '../leadPayload';
import { subscriberLeadOf } from './autoresponderSender';

const lead: LeadForDelivery = {
  id: '11111111-1111-4111-8111-111111111111',
  quizId: '22222222-2222-4222-8222-222222222222',
  quizName: 'Which drink are you?',
  email: 'ana@example.com',
  name: 'Ana',
  outcome: { id: 3, title: 'Tea lover' },
  quizType: 'general',
  score: 0,
  percent: 0,
  answers: [],
  categories: [],
  fields: NO_LEAD_FIELDS,
  urlFields: {},
  mappedUrlFields: NO_MAPPED_URL_FIELDS,
  consent: true,
  consentText: null,
  createdAt: new Date('2026-11-27T10:00:00Z'),
};

describe('what an email service gets of a lead', () => {
  it('tags the quiz and the outcome, and no score for a general quiz', () => {
    expect(subscriberLeadOf(lead, 'key-1')).toMatchObject({
      score: null,
      tags: ['quizbeam', 'quiz: Which drink are you?', 'outcome: Tea lover'],
    });
  });

  it('carries the mapped capture form fields as texts and the phone for the service’s own field', () => {
    const fields = {
      ...NO_LEAD_FIELDS,
      service: [
        { name: 'COMPANY', value: 'Acme', kind: 'company' as const },
        { name: 'NEWS', value: true, kind: 'checkbox' as const },
      ],
      phone: '+442079460958',
    };
    expect(subscriberLeadOf({ ...lead, fields }, 'key-3')).toMatchObject({
      fields: [
        { name: 'COMPANY', value: 'Acme' },
        { name: 'NEWS', value: 'Yes' },
      ],
      phone: '+442079460958',
    });
  });

  it('carries the mapped URL fields after the form’s, the visitor’s own entry winning a shared field', () => {
    const fields = {
      ...NO_LEAD_FIELDS,
      service: [{ name: 'COMPANY', value: 'Acme', kind: 'company' as const }],
    };
    const mappedUrlFields = {
      service: [
        { name: 'REF', value: 'partner7' },
        { name: 'COMPANY', value: 'from-the-address' },
      ],
      htmlForm: [{ name: 'ignored', value: 'x' }],
    };
    expect(subscriberLeadOf({ ...lead, fields, mappedUrlFields }, 'key-4').fields).toEqual([
      { name: 'COMPANY', value: 'Acme' },
      { name: 'REF', value: 'partner7' },
    ]);
  });

  it('carries a scored quiz’s score as a field, never as a tag', () => {
    const scored = subscriberLeadOf(
      { ...lead, quizType: 'scored', score: 7, outcome: { id: 4, title: 'Expert: 7 of 9' } },
      'key-2',
    );
    expect(scored.score).toBe(7);
    expect(scored.tags).toEqual(['quizbeam', 'quiz: Which drink are you?', 'outcome: Expert: 7 of 9']);
  });

  it('carries each answer as it reads and the category percentages, for the services that take fields', () => {
    const subscriber = subscriberLeadOf(assessmentLeadToDeliver, 'key-3');
    expect(subscriber.answers).toEqual([
      { questionId: 1, question: 'How do you plan?', display: 'Weekly' },
      { questionId: 4, question: 'Your tools', display: 'Image 2 (desk.jpg), Calendar' },
      { questionId: 5, question: 'How organised are you?', display: '8' },
      { questionId: 6, question: 'Team size', display: '12 people' },
      { questionId: 7, question: 'Anything else?', display: '' },
    ]);
    expect(subscriber.categories).toEqual([
      { name: 'Planning', percent: 80 },
      { name: 'Focus', percent: 60 },
    ]);
    expect(subscriber.tags).toEqual(['quizbeam', 'quiz: Which plan fits you?', 'outcome: The Planner']);
  });
});
