import { leadsCsvColumnsWith, leadsCsvEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import type { UrlField } from '@quizbeam/contracts/measurement';
import { quizzes } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead, quizWithOutcomes } from '../../testing/leads';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { listLeads } from './listLeads';

/* The Leads tab's URL fields: the list, the CSV's columns and the operators' listing. */

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
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute, 0));

async function listingUrlFields(quizId: string, urlFields: UrlField[]): Promise<void> {
  await db()
    .update(quizzes)
    .set({
      document: sql`jsonb_set(${quizzes.document}, '{urlFields}', ${JSON.stringify(urlFields)}::jsonb)`,
    })
    .where(eq(quizzes.id, quizId));
}

const csvOf = async (quizId: string) => {
  const answer = await owner.send(leadsCsvEndpoint, { params: { account: owner.accountId, id: quizId } });
  expect(answer.statusCode).toBe(200);
  return answer.body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
};

describe('URL fields in the Leads tab', () => {
  it('lists each lead’s URL fields in the quiz’s order, then any other, with the names that were cut', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    await listingUrlFields(quizId, [{ name: 'ref' }, { name: 'utm_source' }, { name: 'gclid' }]);
    await insertLead(db(), owner, quizId, {
      urlFields: { gclid: 'g'.repeat(500), utm_source: 'fb', old_param: 'kept before', ref: 'partner7' },
      urlFieldsCut: ['gclid', 'not_kept'],
      createdAt: at(2),
    });
    await insertLead(db(), owner, quizId, { createdAt: at(1) });

    const { leads } = (
      await owner.send(listLeadsEndpoint, { params: { account: owner.accountId, id: quizId } })
    ).data();
    expect(Object.entries(leads[0]?.urlFields ?? {})).toEqual([
      ['ref', 'partner7'],
      ['utm_source', 'fb'],
      ['gclid', 'g'.repeat(500)],
      ['old_param', 'kept before'],
    ]);
    expect(leads[0]).toMatchObject({ utmSource: 'fb', urlFieldsCut: ['gclid'] });
    expect(leads[1]).toMatchObject({ utmSource: null, urlFields: {}, urlFieldsCut: [] });
  });

  it('gives the CSV a column per other URL field: the defaults, in order, then names only leads have', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    await insertLead(db(), owner, quizId, {
      email: 'ada@example.com',
      urlFields: { utm_source: 'fb', utm_content: 'ad-2', fbclid: 'IwAR2', ref: '=cmd|x', zed: 'last' },
      createdAt: at(2),
    });
    await insertLead(db(), owner, quizId, { email: 'bob@example.com', createdAt: at(1) });

    const [header, ada, bob] = await csvOf(quizId);
    // ref and zed: the quiz (on the defaults) does not list them, but its leads kept them.
    const urlColumns = ['gclid', 'fbclid', 'ttclid', 'msclkid', 'ref', 'zed'];
    expect(header).toBe(leadsCsvColumnsWith(urlColumns).join(','));
    expect(header?.split(',').slice(5, 16)).toEqual([
      'UTM Source',
      'UTM Medium',
      'UTM Campaign',
      'UTM Term',
      'UTM Content',
      ...urlColumns,
    ]);
    // A value a spreadsheet would run as a formula is made inert.
    expect(ada?.split(',').slice(5, 16)).toEqual([
      'fb',
      '',
      '',
      '',
      'ad-2',
      '',
      'IwAR2',
      '',
      '',
      "'=cmd|x",
      'last',
    ]);
    expect(ada?.split(',').slice(16)).toEqual(['No', '', '']);
    expect(bob?.split(',').slice(5, 16)).toEqual(Array(11).fill(''));
  });

  it('follows the quiz’s own list in the CSV, keeping the UTM columns whatever it lists', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    await listingUrlFields(quizId, [{ name: 'partner' }, { name: 'utm_medium' }, { name: 'ref' }]);
    await insertLead(db(), owner, quizId, {
      urlFields: { utm_medium: 'email', utm_source: 'news', ref: 'r7', partner: 'acme' },
    });
    const [header, row] = await csvOf(quizId);
    expect(header).toBe(leadsCsvColumnsWith(['partner', 'ref']).join(','));
    expect(row?.split(',').slice(5, 12)).toEqual(['news', 'email', '', '', '', 'acme', 'r7']);
  });

  it('lists URL fields for operators, with the UTM subset as before', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    await insertLead(db(), owner, quizId, {
      urlFields: { utm_source: 'fb', ref: 'partner7' },
      urlFieldsCut: ['ref'],
    });
    const [lead] = await listLeads(db(), quizId);
    expect(lead).toMatchObject({
      utm: { utm_source: 'fb' },
      urlFields: { utm_source: 'fb', ref: 'partner7' },
      urlFieldsCut: ['ref'],
    });
  });
});
