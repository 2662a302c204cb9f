import {
  categoryColumn,
  LEADS_CSV_COLUMNS,
  leadsCsvColumnsWith,
  leadsCsvEndpoint,
  listLeadsEndpoint,
} from '@quizbeam/contracts/leads';
import { leadCreatedPayloadSchema } from '@quizbeam/contracts/webhooks';
import { getZapierApiKeyEndpoint, zapierLeadSchema, zapierLeadsEndpoint } from '@quizbeam/contracts/zapier';
import { integrationConnections, zapierHooks } from '@quizbeam/db/integrationsSchema';
import { leads } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_QUESTIONS, publishAssessment } from '../../testing/assessmentLeads';
import { connectByConsent } from '../../testing/autoresponderClients';
import { addWebhook, deliveriesOfLead, useDeliveryHarness } from '../../testing/deliveries';
import { endpointCaller, type SignedInAccount } from '../../testing/testApp';
import { readServiceSettings } from '../integrations/autoresponders/serviceSettings';
import { dripClient, TAGS_ONLY_TARGET } from '../integrations/autoresponders/services/drip/dripClient';
import { sealCredentials } from '../integrations/connectionStore';
import { createDripFake, type DripFake } from '../integrations/fakes/autoresponders/dripFake';
import { createAutoresponderSender } from './senders/autoresponderSender';
import { createZapierHookSender } from './senders/zapierHookSender';

/*
 * A lead of every answer type with category scores, left on a published assessment, read back exactly from
 * the Leads tab, its CSV, a webhook, a Zapier hook and Drip (the email service that takes fields without
 * setup); a repeated post of the visit answers the categories stored with the lead.
 */

const h = useDeliveryHarness();
let drip: DripFake;
beforeAll(async () => {
  drip = await createDripFake();
});
afterAll(async () => {
  await drip.close();
});

async function connectDrip(account: SignedInAccount): Promise<string> {
  const credentials = await connectByConsent(dripClient, readServiceSettings('drip', drip.env));
  const id = crypto.randomUUID();
  await h.t.database.db.insert(integrationConnections).values({
    id,
    accountId: account.accountId,
    service: 'drip',
    displayName: 'My Drip',
    credentialsEncrypted: sealCredentials(h.t.context.secretBox, credentials),
  });
  return id;
}

const STRATEGY = { name: 'Strategy', score: 6, maxScore: 8, percent: 75 };
const EXECUTION = { name: 'Execution', score: 7, maxScore: 8, percent: 88 };
const OUTCOME_TITLE = 'Leader: 81% (75% strategy)';

describe('a lead of every answer type with category scores', () => {
  it('reaches the Leads tab, the Leads CSV, webhooks, Zapier and an email service', async () => {
    const account = await h.t.signIn();
    const receiver = await h.endpoint();
    const zap = await h.endpoint();
    const webhookId = await addWebhook(h.t, account.accountId, `${receiver.url}/leads`);
    const connectionId = await connectDrip(account);
    const assessment = await publishAssessment(h.t, account, {
      webhookIds: [webhookId],
      type: 'api',
      connectionId,
      targetServiceName: 'drip',
      targetId: TAGS_ONLY_TARGET,
    });
    const apiKey = (
      await account.send(getZapierApiKeyEndpoint, { params: { account: account.accountId } })
    ).data().apiKey;
    const zapier = endpointCaller(h.t.app, { 'x-api-key': apiKey });
    // Subscribed as the hooks endpoint stores it (which refuses a local address such as the test's receiver).
    await h.t.database.db.insert(zapierHooks).values({
      id: crypto.randomUUID(),
      accountId: account.accountId,
      quizId: assessment.quiz.id,
      targetUrl: `${zap.url}/hooks/1`,
    });

    const posted = await assessment.postLead('ada@example.com', 'visit-assessment-00001');
    expect(posted.statusCode).toBe(200);
    const categories = [
      { id: assessment.quiz.categories?.[0]?.id, ...STRATEGY },
      { id: assessment.quiz.categories?.[1]?.id, ...EXECUTION },
    ];
    // Ads and Email (5), 4 stars (4), 120 employees (3), Retail (1): 13 of 16.
    expect(posted.result).toMatchObject({ score: 13, maxScore: 16, percent: 81, categories });
    const [stored] = await h.t.database.db
      .select()
      .from(leads)
      .where(eq(leads.id, posted.leadId ?? ''));
    expect(stored?.categoryScores).toEqual(categories);

    // The same visit posted again, with other answers: the result stored with the lead, categories too.
    const [channels, confidence, employees, industry, notes] = assessment.q;
    const repeated = await assessment.postLead('ada@example.com', 'visit-assessment-00001', [
      { questionId: channels ?? 0, answerIds: [assessment.a[0]?.[2] ?? 0] },
      { questionId: confidence ?? 0, value: 1 },
      { questionId: employees ?? 0, value: 5 },
      { questionId: industry ?? 0, answerId: assessment.a[3]?.[2] ?? 0 },
      { questionId: notes ?? 0, text: '' },
    ]);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.result).toMatchObject({
      outcomeId: posted.result.outcomeId,
      score: 13,
      percent: 81,
      categories,
    });
    expect(repeated.leadId).toBe(posted.leadId);

    const [channelsLabel, confidenceLabel, employeesLabel, industryLabel, notesLabel] = ASSESSMENT_QUESTIONS;
    const email = assessment.a[0]?.[0];
    const ads = assessment.a[0]?.[1];
    const retail = assessment.a[3]?.[0];
    const delivered = [
      {
        questionId: channels,
        question: channelsLabel,
        type: 'multi_list',
        answerIds: [email, ads],
        answers: ['Email', 'Ads'],
        display: 'Email, Ads',
      },
      { questionId: confidence, question: confidenceLabel, type: 'rating', value: 4, display: '4' },
      {
        questionId: employees,
        question: employeesLabel,
        type: 'number_input',
        value: 120,
        unit: 'employees',
        display: '120 employees',
      },
      {
        questionId: industry,
        question: industryLabel,
        type: 'dropdown',
        answerId: retail,
        answer: 'Retail',
        display: 'Retail',
      },
      {
        questionId: notes,
        question: notesLabel,
        type: 'text_input',
        text: '=1+1 call me',
        display: '=1+1 call me',
      },
    ];

    const params = { account: account.accountId, id: assessment.quiz.id };
    const [listed] = (await account.send(listLeadsEndpoint, { params })).data().leads;
    expect(listed).toMatchObject({ score: 13, percent: 81, categories, outcome: { title: OUTCOME_TITLE } });
    expect(listed?.answers).toEqual([
      {
        questionId: channels,
        question: channelsLabel,
        type: 'multi_list',
        answers: ['Email', 'Ads'],
        display: 'Email, Ads',
      },
      {
        questionId: confidence,
        question: confidenceLabel,
        type: 'rating',
        answers: [],
        value: 4,
        display: '4',
      },
      {
        questionId: employees,
        question: employeesLabel,
        type: 'number_input',
        answers: [],
        value: 120,
        display: '120 employees',
      },
      {
        questionId: industry,
        question: industryLabel,
        type: 'dropdown',
        answers: ['Retail'],
        display: 'Retail',
      },
      {
        questionId: notes,
        question: notesLabel,
        type: 'text_input',
        answers: [],
        text: '=1+1 call me',
        display: '=1+1 call me',
      },
    ]);

    const worker = h.worker(
      {},
      {
        sendToAutoresponder: createAutoresponderSender({
          db: h.t.database.db,
          secretBox: h.t.context.secretBox,
          http: h.http,
          env: drip.env,
        }),
        sendToZapierHook: createZapierHookSender(h.t.database.db, h.http),
      },
    );
    expect(await worker.runOnce()).toBe(3);
    expect((await deliveriesOfLead(h.t, posted.leadId ?? '')).map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);

    const webhookBody = leadCreatedPayloadSchema
      .strict()
      .parse(JSON.parse(receiver.received[0]?.body ?? '{}'));
    expect(webhookBody.data).toMatchObject({
      score: 13,
      percent: 81,
      outcome: { title: OUTCOME_TITLE },
      answers: delivered,
      categories,
    });

    const zapBody = zapierLeadSchema.strict().parse(JSON.parse(zap.received[0]?.body ?? '{}'));
    expect(zapBody).toMatchObject({
      score: 13,
      percent: 81,
      outcome: OUTCOME_TITLE,
      answers: delivered,
      categories,
    });
    expect((await zapier(zapierLeadsEndpoint)).data()[0]).toEqual(zapBody);

    expect(drip.contacts()).toEqual([
      expect.objectContaining({
        email: 'ada@example.com',
        fields: {
          quiz_name: 'Growth assessment',
          score: '13',
          outcome: OUTCOME_TITLE,
          category_strategy_percent: '75',
          category_execution_percent: '88',
          answer_which_channels_do_you_use: 'Email, Ads',
          answer_how_confident_is_your_team: '4',
          answer_how_many_employees: '120 employees',
          answer_your_industry: 'Retail',
          answer_anything_else: '=1+1 call me',
        },
      }),
    ]);

    // The CSV: the fixed columns, a column per question, one per category; the typed text made inert for
    // spreadsheets. No cell holds a comma, so the row splits on them.
    const csv = (await account.send(leadsCsvEndpoint, { params })).body.replace(/^\uFEFF/, '');
    const [header = '', row = ''] = csv.split('\r\n');
    expect(header).toBe(
      [
        ...leadsCsvColumnsWith(['gclid', 'fbclid', 'ttclid', 'msclkid']),
        ...ASSESSMENT_QUESTIONS,
        categoryColumn('Strategy'),
        categoryColumn('Execution'),
      ].join(','),
    );
    const cells = row.split(',');
    expect(cells).toHaveLength(LEADS_CSV_COLUMNS.length + 4 + 7);
    expect(cells.slice(0, 4)).toEqual(['ada@example.com', 'Ada Lovelace', OUTCOME_TITLE, '13']);
    expect(cells.slice(LEADS_CSV_COLUMNS.length + 4)).toEqual([
      'Email; Ads',
      '4',
      '120 employees',
      'Retail',
      "'=1+1 call me",
      '6 (75%)',
      '7 (88%)',
    ]);
  });
});
