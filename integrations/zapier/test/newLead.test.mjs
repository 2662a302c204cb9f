import { createRequire } from 'node:module';
import { zapierLeadSchema } from '@quizbeam/contracts/zapier';
import { zapierHooks } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLeadsForDelivery } from '../../../apps/server/src/features/delivery/deliveryLeads.ts';
import { createZapierHookSender } from '../../../apps/server/src/features/delivery/senders/zapierHookSender.ts';
import { createGuardedHttpClient } from '../../../apps/server/src/outbound/guardedHttpClient.ts';
import {
  deliveriesOfLead,
  publishCaptureQuiz,
  startLocalEndpoint,
} from '../../../apps/server/src/testing/deliveries.ts';
import { PUBLISH_ORIGIN } from '../../../apps/server/src/testing/publishing.ts';
import { APP_ORIGIN, startTestApp } from '../../../apps/server/src/testing/testApp.ts';

/*
 * The Zapier app as Zapier runs it (zapier-platform-core's app tester), against the real Quizbeam server
 * listening on localhost: authentication, subscribe, a visitor's lead, the hook delivery, the list.
 */

// The app is CommonJS, as the Zapier CLI pushes it: loaded the way Zapier loads it.
const require = createRequire(import.meta.url);
const zapier = require('zapier-platform-core');
const App = require('../index.js');
const appTester = zapier.createAppTester(App);

let t;
let account;
let apiKey;
const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });

beforeAll(async () => {
  // APP_URL's host name routes to the API; the port is the one listened on.
  t = await startTestApp({
    APP_URL: APP_ORIGIN,
    PUBLISH_URL: PUBLISH_ORIGIN,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  const address = await t.app.listen({ port: 0, host: 'localhost' });
  process.env.QUIZBEAM_URL = `http://localhost:${new URL(address).port}`;
  account = await t.signIn({ name: 'Acme Quizzes' });
  const answer = await account.call('GET', `/accounts/${account.accountId}/zapier/api-key`);
  apiKey = answer.json().apiKey;
});

afterAll(async () => {
  await http.close();
  await t?.close();
});

describe('the Quizbeam Zapier app', () => {
  it('passes the schema Zapier validates apps with (as `zapier validate` does)', () => {
    const { prepareApp, validateApp } = require('zapier-platform-core/src/tools/schema');
    expect(validateApp(prepareApp(App))).toEqual([]);
  });

  it('offers a sample shaped as Quizbeam sends leads, with an output field for each value', () => {
    const { sample, outputFields } = App.triggers.new_lead.operation;
    const lead = zapierLeadSchema.strict().parse(sample);
    expect(new Set(lead.answers.map((answer) => answer.type)).size).toBe(6);
    expect(lead.categories).not.toEqual([]);
    expect(Object.values(lead.fields)).toContain(true);
    // Every key the sample's answers and categories carry has its labelled field ("answers[]display").
    const keys = new Set(outputFields.map((field) => field.key));
    const lineItemKeys = (name, items) =>
      items.flatMap((item) => Object.keys(item).map((key) => `${name}[]${key}`));
    const missing = [
      ...Object.keys(lead).filter((key) => !['answers', 'categories', 'fields', 'urlFields'].includes(key)),
      ...Object.keys(lead.fields).map((key) => `fields__${key}`),
      ...Object.keys(lead.urlFields).map((key) => `urlFields__${key}`),
      ...lineItemKeys('answers', lead.answers),
      ...lineItemKeys('categories', lead.categories),
    ].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it('tests the connection with the API key and labels it with the account', async () => {
    const me = await appTester(App.authentication.test, { authData: { apiKey } });
    expect(me).toEqual({ id: account.accountId, name: 'Acme Quizzes', email: account.email });
  });

  it('refuses a wrong key as an authentication error with Quizbeam’s message', async () => {
    await expect(appTester(App.authentication.test, { authData: { apiKey: 'qbz_wrong' } })).rejects.toThrow(
      /The API key you supplied is incorrect/,
    );
  });

  it('lists quizzes for the dropdown, subscribes, receives a lead and shows it in the list', async () => {
    const { quiz, postLead } = await publishCaptureQuiz(t, account, {});
    const quizzes = await appTester(App.triggers.quiz_list.operation.perform, { authData: { apiKey } });
    expect(quizzes).toEqual([{ id: quiz.id, name: 'Team quiz' }]);

    const hookEndpoint = await startLocalEndpoint();
    const bundle = {
      authData: { apiKey },
      inputData: { quizId: quiz.id },
      targetUrl: `${hookEndpoint.url}/hooks/standard/1/zap/`,
    };
    const subscribeData = await appTester(App.triggers.new_lead.operation.performSubscribe, bundle);
    expect(subscribeData).toEqual({ id: expect.any(String) });

    const leadId = await postLead('grace@example.com');
    // The delivery the lead's statement wrote, sent as the worker sends it.
    const [delivery] = await deliveriesOfLead(t, leadId);
    expect(delivery).toMatchObject({ destinationType: 'zapier', destination: { hookId: subscribeData.id } });
    const lead = (await loadLeadsForDelivery(t.database.db, [leadId])).get(leadId);
    const sent = await createZapierHookSender(t.database.db, http)(delivery, lead, new Date());
    expect(sent.outcome).toBe('delivered');
    const hookBody = JSON.parse(hookEndpoint.received[0]?.body ?? 'null');

    const triggered = await appTester(App.triggers.new_lead.operation.perform, {
      ...bundle,
      cleanedRequest: hookBody,
    });
    expect(triggered).toEqual([hookBody]);
    expect(triggered[0]).toMatchObject({ id: leadId, email: 'grace@example.com', quizName: 'Team quiz' });

    const listed = await appTester(App.triggers.new_lead.operation.performList, bundle);
    expect(listed[0]).toEqual(hookBody);

    await appTester(App.triggers.new_lead.operation.performUnsubscribe, { ...bundle, subscribeData });
    const left = await t.database.db.select().from(zapierHooks).where(eq(zapierHooks.id, subscribeData.id));
    expect(left).toEqual([]);
    await hookEndpoint.close();
  });
});
