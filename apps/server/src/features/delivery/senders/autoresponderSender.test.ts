import { describe, expect, it } from 'vitest';
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
  answers: [],
  utm: {},
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

  it('carries a scored quiz’s score as a field, never as a tag', () => {
    const scored = subscriberLeadOf(
      { ...lead, quizType: 'scored', score: 7, outcome: { id: 4, title: 'Expert: 7 of 9' } },
      'key-2',
    );
    expect(scored.score).toBe(7);
    expect(scored.tags).toEqual(['quizbeam', 'quiz: Which drink are you?', 'outcome: Expert: 7 of 9']);
  });
});
