import { describe, expect, it } from 'vitest';
import { useDeliveryHarness } from '../../testing/deliveries';
import { publishUrlFieldQuiz, storedUrlFieldsOf } from '../../testing/urlFieldLeads';

/* POST /_q/leads keeps the quiz's URL fields with the lead (keptUrlFields.test.ts has the rules). */

const h = useDeliveryHarness();

describe('a lead’s URL fields', () => {
  it('keeps only the quiz’s fields, cuts a 5,000-character value and says so, and never refuses the lead', async () => {
    const account = await h.t.signIn();
    const { postLead } = await publishUrlFieldQuiz(h.t, account, [
      { name: 'utm_source' },
      { name: 'gclid' },
      { name: 'ref' },
      { name: 'partner' },
    ]);
    // 200 parameters, as an ad platform's address may carry: only the quiz's four are looked at.
    const many = Object.fromEntries(
      Array.from({ length: 196 }, (_, index) => [`p${index}`, 'x'.repeat(100)]),
    );
    const lead = await postLead('ada@example.com', {
      urlFields: { ...many, utm_source: 'fb', gclid: 'g'.repeat(500), ref: 'r'.repeat(5000), partner: '' },
      urlFieldsCut: ['gclid', 'p1'],
      query: 'utm_source=ignored',
    });
    const stored = await storedUrlFieldsOf(h.t, lead);
    expect(stored.urlFields).toEqual({ utm_source: 'fb', gclid: 'g'.repeat(500), ref: 'r'.repeat(500) });
    expect(stored.urlFieldsCut).toEqual(['gclid', 'ref']);
  });

  it('reads the quiz’s fields (the defaults when it lists none) from the address of a page from before', async () => {
    const account = await h.t.signIn();
    const { postLead } = await publishUrlFieldQuiz(h.t, account, undefined);
    const lead = await postLead('ada@example.com', {
      query: 'utm_source=news&utm_campaign=spring&fbclid=IwAR2&ref=partner7',
    });
    const stored = await storedUrlFieldsOf(h.t, lead);
    // ref is not a default: this quiz does not keep it.
    expect(stored.urlFields).toEqual({ utm_source: 'news', utm_campaign: 'spring', fbclid: 'IwAR2' });
    expect(stored.urlFieldsCut).toEqual([]);
  });

  it('keeps none when the quiz lists none', async () => {
    const account = await h.t.signIn();
    const { postLead } = await publishUrlFieldQuiz(h.t, account, []);
    const lead = await postLead('ada@example.com', {
      urlFields: { utm_source: 'fb' },
      query: 'utm_source=fb',
    });
    expect(await storedUrlFieldsOf(h.t, lead)).toEqual({ urlFields: {}, urlFieldsCut: [] });
  });
});
