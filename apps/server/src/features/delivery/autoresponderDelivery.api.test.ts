import { listDeliveryAlertsEndpoint } from '@quizbeam/contracts/leads';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesOfLead, publishCaptureQuiz, useDeliveryHarness } from '../../testing/deliveries';
import { APP_ORIGIN, type SignedInAccount } from '../../testing/testApp';
import { readServiceSettings } from '../integrations/autoresponders/serviceSettings';
import { convertKitClient } from '../integrations/autoresponders/services/convertkit/convertKitClient';
import { markConnectionState, sealCredentials } from '../integrations/connectionStore';
import {
  type ConvertKitFake,
  startConvertKitFake,
} from '../integrations/fakes/autoresponders/convertKitFake';
import { NO_LEAD_FIELDS } from './deliveredLeadFields';
import { NO_MAPPED_URL_FIELDS } from './deliveredUrlFields';
import { createAutoresponderSender } from './senders/autoresponderSender';

const h = useDeliveryHarness();
let fake: ConvertKitFake;
beforeAll(async () => {
  fake = await startConvertKitFake();
});
afterAll(async () => {
  await fake.close();
});

/** The real autoresponder sender pointed at the fake (its reconnect emails through the test's mailer). */
const autoresponderSender = () =>
  createAutoresponderSender({
    db: h.t.database.db,
    secretBox: h.t.context.secretBox,
    http: h.http,
    env: fake.env,
    alerts: { mailer: h.t.context.mailer, appUrl: APP_ORIGIN, basePath: '' },
  });

const worker = () => h.worker({}, { sendToAutoresponder: autoresponderSender() });

/** Connects the account to the fake with its current key, as the connect call stores it. */
async function connect(account: SignedInAccount): Promise<string> {
  const settings = readServiceSettings('convertkit', fake.env);
  const credentials = await convertKitClient.connect(
    { http: h.http, settings, now: () => new Date() },
    { apiKey: fake.demoCredentials?.apiKey },
  );
  const id = crypto.randomUUID();
  await h.t.database.db.insert(integrationConnections).values({
    id,
    accountId: account.accountId,
    service: 'convertkit',
    displayName: 'My Kit',
    credentialsEncrypted: sealCredentials(h.t.context.secretBox, credentials),
  });
  return id;
}

const connectionState = async (id: string) =>
  (await h.t.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0]
    ?.state;

describe('delivery to an email service', () => {
  it('subscribes each lead once with its tags, waits while the key is revoked, and delivers after a reconnect', async () => {
    const account = await h.t.signIn();
    const connectionId = await connect(account);
    const form = fake.targets.find((target) => target.id.startsWith('form:'));
    if (!form) throw new Error('the fake has no form');
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId,
      targetServiceName: 'convertkit',
      targetId: form.id,
    });
    const w = worker();

    const first = await postLead('ada@example.com');
    expect(await w.runOnce()).toBe(1);
    expect((await deliveriesOfLead(h.t, first))[0]).toMatchObject({
      destinationType: 'api',
      destinationName: 'My Kit',
      state: 'delivered',
      attempts: 1,
    });
    const [ada] = fake.contacts().filter((contact) => contact.email === 'ada@example.com');
    expect(ada?.targetIds).toContain(form.id);
    // The quiz and the outcome (its [[score]] filled) as tags; no tag per score.
    expect(ada?.tags).toEqual(['quizbeam', 'quiz: Team quiz', 'outcome: Result 1: 0']);

    // The same address again (another visit) stays one contact.
    await postLead('ada@example.com');
    await w.runOnce();
    expect(fake.contacts().filter((contact) => contact.email === 'ada@example.com')).toHaveLength(1);

    // The user revokes the key: the next lead waits, the connection turns inactive, the banner says reconnect.
    fake.revokeAll();
    const waiting = await postLead('grace@example.com');
    await w.runOnce();
    expect((await deliveriesOfLead(h.t, waiting))[0]).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(await connectionState(connectionId)).toBe('inactive');
    const reconnectEmails = () =>
      h.t.outbox().filter((mail) => mail.includes('Subject: Reconnect My Kit: leads are waiting'));
    expect(reconnectEmails()).toHaveLength(1);
    const alerts = (
      await account.send(listDeliveryAlertsEndpoint, { params: { account: account.accountId } })
    ).data();
    expect(alerts).toEqual([
      expect.objectContaining({ reason: 'reconnect', destinationName: 'My Kit', waitingLeads: 1 }),
    ]);

    // Days later it still waits, looking again every hour, never failed for it.
    h.advance(5 * 24 * 60 * 60 * 1000);
    for (let round = 0; round < 3; round++) {
      await w.runOnce();
      h.advance(2 * 60 * 60 * 1000);
    }
    expect((await deliveriesOfLead(h.t, waiting))[0]).toMatchObject({ state: 'retrying', attempts: 4 });
    expect(reconnectEmails()).toHaveLength(1);

    // Reconnecting with the new key makes the waiting lead due at once; it arrives and the alert ends.
    const settings = readServiceSettings('convertkit', fake.env);
    const renewed = await convertKitClient.connect(
      { http: h.http, settings, now: () => new Date() },
      { apiKey: fake.demoCredentials?.apiKey },
    );
    await h.t.database.db
      .update(integrationConnections)
      .set({ credentialsEncrypted: sealCredentials(h.t.context.secretBox, renewed) })
      .where(eq(integrationConnections.id, connectionId));
    await markConnectionState(h.t.database.db, connectionId, 'active', null, h.clock);
    expect(await w.runOnce()).toBe(1);
    expect((await deliveriesOfLead(h.t, waiting))[0]).toMatchObject({ state: 'delivered', attempts: 5 });
    expect(fake.contacts().map((contact) => contact.email)).toContain('grace@example.com');
    expect(
      (await account.send(listDeliveryAlertsEndpoint, { params: { account: account.accountId } })).data(),
    ).toEqual([]);
  });

  it('fails the deliveries of a connection that was removed', async () => {
    const account = await h.t.signIn();
    const connectionId = await connect(account);
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId,
      targetServiceName: 'convertkit',
      targetId: fake.targets[0]?.id ?? 'form:1',
    });
    await h.t.database.db.delete(integrationConnections).where(eq(integrationConnections.id, connectionId));
    const lead = await postLead('late@example.com');
    await worker().runOnce();
    expect((await deliveriesOfLead(h.t, lead))[0]).toMatchObject({
      state: 'failed',
      lastError: 'The integration was disconnected: choose another in the Capture Form.',
    });
  });

  it('stores the lead when the quiz names a connection that is not an id, and fails only its delivery', async () => {
    const account = await h.t.signIn();
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId: 'not-a-connection',
      targetServiceName: 'convertkit',
      targetId: 'form:1',
    });
    const lead = await postLead('odd@example.com');
    await worker().runOnce();
    expect((await deliveriesOfLead(h.t, lead))[0]).toMatchObject({ state: 'failed' });
  });

  it('retries instead of asking for a reconnect when another delivery renewed the credentials meanwhile', async () => {
    const account = await h.t.signIn();
    const connectionId = await connect(account);
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId,
      targetServiceName: 'convertkit',
      targetId: fake.targets[0]?.id ?? 'form:1',
    });
    const lead = await postLead('race@example.com');
    fake.revokeAll();
    // While this attempt is under way with the old secret, another delivery stores new credentials.
    const renewedMeanwhile: typeof h.http = {
      async request(outbound) {
        await h.t.database.db
          .update(integrationConnections)
          .set({ credentialsEncrypted: sealCredentials(h.t.context.secretBox, { apiSecret: 'renewed' }) })
          .where(eq(integrationConnections.id, connectionId));
        return h.http.request(outbound);
      },
      close: () => Promise.resolve(),
    };
    const sender = createAutoresponderSender({
      db: h.t.database.db,
      secretBox: h.t.context.secretBox,
      http: renewedMeanwhile,
      env: fake.env,
    });
    const [delivery] = await deliveriesOfLead(h.t, lead);
    if (!delivery) throw new Error('no delivery');
    const attempt = await sender(
      delivery,
      {
        id: lead,
        quizId: delivery.quizId,
        quizName: 'Race',
        email: 'race@example.com',
        name: null,
        outcome: null,
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
        createdAt: new Date(),
      },
      new Date(),
    );
    expect(attempt).toMatchObject({ outcome: 'retry', retryAfterMs: 1_000 });
    expect(await connectionState(connectionId)).toBe('active');
  });

  it('sends the capture form’s mapped fields to the service’s custom fields', async () => {
    const account = await h.t.signIn();
    const connectionId = await connect(account);
    const form = fake.targets.find((target) => target.id.startsWith('form:'));
    if (!form) throw new Error('the fake has no form');
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId,
      targetServiceName: 'convertkit',
      targetId: form.id,
      fields: [
        {
          id: 'f1',
          kind: 'phone',
          label: 'Phone',
          key: 'phone',
          required: true,
          serviceField: 'phone_number',
        },
        {
          id: 'f2',
          kind: 'company',
          label: 'Company',
          key: 'company',
          required: false,
          serviceField: 'company',
        },
        { id: 'f3', kind: 'text', label: 'Role', key: 'role', required: false },
      ],
    });
    const lead = await postLead('lin@example.com', { f1: '+44 20 7946 0958', f2: 'Acme Ltd', f3: 'Founder' });
    await worker().runOnce();
    expect((await deliveriesOfLead(h.t, lead))[0]?.state).toBe('delivered');
    const [lin] = fake.contacts().filter((contact) => contact.email === 'lin@example.com');
    // The phone normalised to E.164; a field without a service field is not sent.
    expect(lin?.fields).toEqual({ phone_number: '+442079460958', company: 'Acme Ltd' });
  });
});
