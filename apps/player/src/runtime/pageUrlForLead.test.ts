import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';
import { pageUrlForLead } from './pageUrlForLead';

const page = 'https://quizzes.example.com/abcd1234';

describe('pageUrlForLead', () => {
  it('sends an address of ordinary length as it is', () => {
    const href = `${page}?utm_source=news&utm_campaign=spring&ref=x#top`;
    expect(pageUrlForLead(href)).toBe(href);
  });

  it('sends a long address without its query and fragment (the URL fields carry the parameters), which the lead call accepts', () => {
    const href = `${page}?gclid=${'G'.repeat(5000)}&utm_source=google#x`;
    const sent = pageUrlForLead(href);
    expect(sent).toBe(page);
    const lead = {
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-aaaaaaaaaaaaaaaa',
      answers: [{ questionId: 1, answerId: 1 }],
    };
    const body = { ...lead, email: 'ada@example.com', name: 'Ada', consent: true, pageUrl: sent };
    expect(visitorLeadBodySchema.safeParse(body).success).toBe(true);
  });

  it('cuts even a long fragment-only address to the length the server takes', () => {
    const href = `${page}#${'x'.repeat(5000)}`;
    expect(pageUrlForLead(href)).toBe(page);
    expect(pageUrlForLead(`${page}/${'p'.repeat(5000)}`)).toHaveLength(4096);
  });
});
