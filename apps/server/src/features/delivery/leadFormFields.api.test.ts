import type { LeadFormField } from '@quizbeam/contracts/leadFormFields';
import { leadsCsvEndpoint, listLeadsEndpoint } from '@quizbeam/contracts/leads';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getZapierApiKeyEndpoint, zapierLeadsEndpoint } from '@quizbeam/contracts/zapier';
import { leads } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addWebhook, htmlFormTo, useDeliveryHarness } from '../../testing/deliveries';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import { endpointCaller } from '../../testing/testApp';

/*
 * The capture form's own fields from the visitor's post to every place a lead goes: stored normalised, in
 * the Leads list and CSV, a webhook's and Zapier's `fields` by key, and the pasted HTML form's mapped fields.
 */

const h = useDeliveryHarness();

const FIELDS: LeadFormField[] = [
  { id: 'f1', kind: 'phone', label: 'Phone', key: 'phone', required: true, htmlFormField: 'PHONE' },
  { id: 'f2', kind: 'company', label: 'Company', key: 'company', required: false, htmlFormField: 'COMPANY' },
  { id: 'f3', kind: 'website', label: 'Website', key: 'website', required: false },
  {
    id: 'f4',
    kind: 'choice',
    label: 'Team size',
    key: 'team_size',
    required: true,
    choices: ['1-10', '11-50'],
  },
  {
    id: 'f5',
    kind: 'checkbox',
    label: 'Newsletter',
    key: 'newsletter',
    required: false,
    htmlFormField: 'news',
  },
  { id: 'f6', kind: 'checkbox', label: 'Call me', key: 'call_me', required: false, htmlFormField: 'call' },
];

async function publishFieldsQuiz(account: Awaited<ReturnType<typeof h.t.signIn>>, action: string) {
  const webhookId = await addWebhook(h.t, account.accountId, `${action}/hook`);
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const form = htmlFormTo(`${action}/form`);
  if (!form.formData) throw new Error('fixture');
  const checkbox = (name: string) => ({ name, type: 'checkbox', value: 'yes', label: name });
  const formData = {
    ...form.formData,
    fields: [
      ...form.formData.fields,
      { name: 'PHONE', type: 'tel', value: '', label: 'Phone' },
      checkbox('news'),
      checkbox('call'),
    ],
  };
  const withFields: Quiz = {
    ...quiz,
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      enabled: true,
      type: 'html-form',
      webhookIds: [webhookId],
      fields: FIELDS,
      htmlFormSettings: { ...form, formData },
    },
  };
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    withFields,
  );
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(h.t, quiz.id);
  const answers = [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] }));
  const postLead = (visitId: string, fields: Record<string, string | boolean>) =>
    visitorOf(h.t)('POST', '/_q/leads', {
      snapshotId,
      visitId,
      answers,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      consent: false,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
      fields,
    });
  return { quiz, postLead };
}

describe('the capture form’s own fields', () => {
  it('are checked, stored normalised and sent to the Leads list, CSV, webhooks, Zapier and the HTML form', async () => {
    const account = await h.t.signIn();
    const receiver = await h.endpoint();
    const { quiz, postLead } = await publishFieldsQuiz(account, receiver.url);

    const refused = await postLead('visit-bad-phone-0001', { f1: '555 not a phone', f4: '1-10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'validation_failed',
      error: 'Phone: Please enter a valid phone number.',
      field: 'fields.f1',
    });
    const none = await h.t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id));
    expect(none).toEqual([]);

    const accepted = await postLead('visit-good-0000001', {
      f1: '+44 20 7946 0958',
      f2: ' Analytical Engines ',
      f3: 'example.com',
      f4: '11-50',
      f5: true,
      f6: false,
    });
    expect(accepted.statusCode).toBe(200);
    const [stored] = await h.t.database.db.select().from(leads).where(eq(leads.quizId, quiz.id));
    expect(stored?.fields).toMatchObject({
      f1: { key: 'phone', label: 'Phone', kind: 'phone', value: '+442079460958' },
      f2: { value: 'Analytical Engines' },
      f3: { value: 'https://example.com' },
      f4: { value: '11-50' },
      f5: { value: true },
      f6: { value: false },
    });

    const params = { account: account.accountId, id: quiz.id };
    const listed = (await account.send(listLeadsEndpoint, { params })).data();
    expect(listed.leads[0]?.fields).toEqual([
      { key: 'phone', label: 'Phone', kind: 'phone', value: '+442079460958' },
      { key: 'company', label: 'Company', kind: 'company', value: 'Analytical Engines' },
      { key: 'website', label: 'Website', kind: 'website', value: 'https://example.com' },
      { key: 'team_size', label: 'Team size', kind: 'choice', value: '11-50' },
      { key: 'newsletter', label: 'Newsletter', kind: 'checkbox', value: 'Yes' },
      { key: 'call_me', label: 'Call me', kind: 'checkbox', value: 'No' },
    ]);

    const csv = (await account.send(leadsCsvEndpoint, { params })).body.replace(/^\uFEFF/, '');
    const [header = '', row = ''] = csv.split('\r\n');
    const columns = header.split(',');
    const fieldsAt = columns.indexOf('Phone');
    expect(columns.slice(fieldsAt - 1, fieldsAt + 7)).toEqual([
      'Deliveries',
      'Phone',
      'Company',
      'Website',
      'Team size',
      'Newsletter',
      'Call me',
      expect.stringMatching(/\?|Question/),
    ]);
    // A phone starts with "+": the cell is made inert as every visitor's text is.
    expect(row.split(',').slice(fieldsAt, fieldsAt + 6)).toEqual([
      "'+442079460958",
      'Analytical Engines',
      'https://example.com',
      '11-50',
      'Yes',
      'No',
    ]);

    expect(await h.worker().runOnce()).toBe(2);
    const byKey = {
      phone: '+442079460958',
      company: 'Analytical Engines',
      website: 'https://example.com',
      team_size: '11-50',
      newsletter: true,
      call_me: false,
    };
    const hook = receiver.received.find((request) => request.url === '/hook');
    expect(JSON.parse(hook?.body ?? '{}').data.fields).toEqual(byKey);
    const form = receiver.received.find((request) => request.url === '/form');
    expect([...new URLSearchParams(form?.body ?? '')]).toEqual([
      ['EMAIL', 'ada@example.com'],
      ['FNAME', 'Ada Lovelace'],
      ['list', 'quiz-leads'],
      ['PHONE', '+442079460958'],
      ['news', 'yes'],
      ['COMPANY', 'Analytical Engines'],
    ]);

    const key = (
      await account.send(getZapierApiKeyEndpoint, { params: { account: account.accountId } })
    ).data().apiKey;
    const zapierLeads = (await endpointCaller(h.t.app, { 'x-api-key': key })(zapierLeadsEndpoint)).data();
    expect(zapierLeads[0]?.fields).toEqual(byKey);
  });
});
