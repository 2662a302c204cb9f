import { leadsCsvColumnsWith, leadsCsvEndpoint } from '@quizbeam/contracts/leads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDelivery, insertLead, quizWithOutcomes } from '../../testing/leads';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

/* The Leads tab's CSV download (leads.api.test.ts has the 404/401 checks). */

let t: TestApp;
let owner: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

describe('the CSV export', () => {
  it('streams UTF-8 with a BOM, a header row and one properly quoted row per lead', async () => {
    const quizId = await quizWithOutcomes(db(), owner, [{ id: 3, name: 'Early, "bright" bird' }]);
    const leadId = await insertLead(db(), owner, quizId, {
      email: 'zoë@example.com',
      name: 'Smith, "Jo"\nSecond line',
      outcomeId: 3,
      score: 12,
      urlFields: { utm_source: 'news', utm_campaign: 'spring' },
      consent: true,
      consentText: 'I agree',
      createdAt: new Date('2026-11-23T09:05:07.250Z'),
    });
    await insertDelivery(db(), owner, quizId, leadId, { state: 'delivered', destinationName: 'CRM webhook' });
    await insertDelivery(db(), owner, quizId, leadId, { state: 'failed', destinationName: 'Form' });
    await insertLead(db(), owner, quizId, {
      email: 'eve@example.com',
      name: '=HYPERLINK("http://evil.example")',
      createdAt: new Date('2026-11-22T00:00:00Z'),
    });

    const answer = await owner.send(leadsCsvEndpoint, { params: { account: owner.accountId, id: quizId } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Night or day leads.csv"; filename*=UTF-8''Night%20or%20day%20leads.csv`,
    );
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    expect(answer.body.slice(1)).toBe(
      [
        // The quiz keeps the default URL fields: a column for each after the UTM ones.
        leadsCsvColumnsWith(['gclid', 'fbclid', 'ttclid', 'msclkid']).join(','),
        'zoë@example.com,"Smith, ""Jo""\nSecond line","Early, ""bright"" bird",12,2026-11-23 09:05:07,news,,spring,,,,,,,Yes,I agree,CRM webhook: delivered; Form: failed',
        `eve@example.com,"'=HYPERLINK(""http://evil.example"")",,0,2026-11-22 00:00:00,,,,,,,,,,No,,`,
        '',
      ].join('\r\n'),
    );
  });

  it('reads every lead, page after page, once', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    // More than two of the export's pages, many in the same microsecond.
    await db().execute(sql`
      insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, consent,
        answers, score, url_fields, ip_hash, created_at)
      select gen_random_uuid(), ${owner.accountId}::uuid, ${quizId}::uuid, gen_random_uuid(), 1, 'bulk-' || n,
        'bulk' || n || '@example.com', false, '[]', 0, '{}', 'hash',
        timestamptz '2026-11-01 00:00:00Z' + (n / 7) * interval '1 microsecond'
      from generate_series(1, 1201) as n`);
    const answer = await owner.send(leadsCsvEndpoint, { params: { account: owner.accountId, id: quizId } });
    const rows = answer.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1201);
  });
});
