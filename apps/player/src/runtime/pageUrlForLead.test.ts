import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';
import { pageUrlForLead } from './pageUrlForLead';

const page = 'https://quizzes.example.com/abcd1234';

describe('pageUrlForLead', () => {
  it('sends an address of ordinary length as it is', () => {
    const href = `${page}?utm_source=news&utm_campaign=spring&ref=x#top`;
    expect(pageUrlForLead(href)).toBe(href);
  });

  it('cuts a long address to its utm_* parameters, which the lead call then accepts', () => {
    const href = `${page}?gclid=${'G'.repeat(5000)}&utm_source=google&utm_campaign=spring%20sale#x`;
    const sent = pageUrlForLead(href);
    expect(sent).toBe(`${page}?utm_source=google&utm_campaign=spring+sale`);
    const lead = {
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-aaaaaaaaaaaaaaaa',
      answers: [{ questionId: 1, answerId: 1 }],
    };
    const body = { ...lead, email: 'ada@example.com', name: 'Ada', consent: true, pageUrl: sent };
    expect(visitorLeadBodySchema.safeParse(body).success).toBe(true);
    expect(Object.fromEntries(new URL(sent).searchParams)).toEqual({
      utm_source: 'google',
      utm_campaign: 'spring sale',
    });
  });

  it('falls back to the origin when even the utm_* parameters are too long', () => {
    const keys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'];
    const href = `${page}?${keys.map((key) => `${key}=${encodeURIComponent('é'.repeat(600))}`).join('&')}`;
    expect(pageUrlForLead(href)).toBe('https://quizzes.example.com');
  });
});
