import {
  type CreateConversionApiBody,
  createConversionApiEndpoint,
  updateConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import { resendDeliveryEndpoint } from '@quizbeam/contracts/leads';
import type { LeadMeasurement } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttpClient } from '../../../outbound/guardedHttpClient';
import { defaultRateLimits } from '../../../security/rateLimiter';
import { eventually } from '../../../testing/deliveries';
import {
  liveSnapshotIdOf,
  PUBLISH_HOST,
  PUBLISH_ORIGIN,
  storedScoredQuiz,
} from '../../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../../testing/testApp';
import {
  FAKE_GA4_API_SECRET,
  FAKE_GA4_MEASUREMENT_ID,
  type FakeGa4,
  startFakeGa4,
} from '../../integrations/fakes/fakeGa4';
import {
  FAKE_META_ACCESS_TOKEN,
  FAKE_META_PIXEL_ID,
  type FakeMetaConversions,
  startFakeMetaConversions,
} from '../../integrations/fakes/fakeMetaConversions';
import { loadLeadsForDelivery } from '../deliveryLeads';
import type { DeliveryWorker } from '../deliveryWorker';
import { startDeliveryWorker } from '../runningWorker';
import { CONVERSION_API_DELETED_TEXT, createConversionSender, metaEventTooOldText } from './conversionSender';
import { sha256Hex } from './metaConversionsClient';

const USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const PHONE_FIELD = { id: 'f1', kind: 'phone', label: 'Phone', key: 'phone', required: false } as const;

let t: TestApp;
let meta: FakeMetaConversions;
let ga4: FakeGa4;
let worker: DeliveryWorker;
beforeAll(async () => {
  meta = await startFakeMetaConversions();
  ga4 = await startFakeGa4();
  const manyLeads = { max: 100_000, windowMs: 10_000 };
  t = await startTestApp(
    {
      APP_URL: APP_ORIGIN,
      PUBLISH_URL: PUBLISH_ORIGIN,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      ...meta.env,
      ...ga4.env,
    },
    { rateLimits: { ...defaultRateLimits, leadsPerIp: manyLeads, leadsPerQuiz: manyLeads } },
  );
  // The worker as the server runs it: its real senders, guarded client and the types it claims by default.
  worker = startDeliveryWorker(t.context, { pollIntervalMs: 50, log: () => {} });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await meta?.close();
  await ga4?.close();
});

const pixel: CreateConversionApiBody = {
  platform: 'meta',
  name: 'Main pixel',
  platformId: FAKE_META_PIXEL_ID,
  secret: FAKE_META_ACCESS_TOKEN,
  testEventCode: '',
};
const stream: CreateConversionApiBody = {
  platform: 'ga4',
  name: 'Website stream',
  platformId: FAKE_GA4_MEASUREMENT_ID,
  secret: FAKE_GA4_API_SECRET,
};

async function conversionApi(account: SignedInAccount, body: CreateConversionApiBody): Promise<string> {
  return (await account.send(createConversionApiEndpoint, { body })).data().id;
}

/** A scored quiz with a phone field, published to send each lead to the conversion APIs. */
async function publishedQuiz(account: SignedInAccount, conversionApiIds: string[]) {
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const withConversions: Quiz = {
    ...quiz,
    leadCaptureSettings: {
      ...quiz.leadCaptureSettings,
      enabled: true,
      fields: [PHONE_FIELD],
      conversionApiIds,
    },
  };
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    withConversions,
  );
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(t, quiz.id);
  /** Posts a lead as the page does, from a phone; answers its id and visit id. */
  async function postLead(measurement?: LeadMeasurement) {
    const visitId = `visit-${crypto.randomUUID()}`;
    const answered = await t.app.inject({
      method: 'POST',
      url: '/_q/leads',
      headers: { host: PUBLISH_HOST, 'content-type': 'application/json', 'user-agent': USER_AGENT },
      payload: {
        snapshotId,
        visitId,
        answers: [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] })),
        email: ' Ada.Lovelace@Example.com',
        name: 'Ada King Lovelace',
        consent: false,
        pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}?utm_source=fb&fbclid=IwAR2abc`,
        fields: { f1: '+44 20 7946 0958' },
        ...(measurement ? { measurement } : {}),
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.visitId, visitId));
    if (!lead) throw new Error('the lead was not stored');
    return { leadId: lead.id, visitId };
  }
  return { quiz, postLead };
}

const deliveriesOf = (leadId: string) =>
  t.database.db
    .select()
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId))
    .orderBy(asc(leadDeliveries.destinationName));
const attemptsOf = (deliveryId: string) =>
  t.database.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId));

/** The lead's deliveries once none is waiting any more. */
const settled = (leadId: string) =>
  eventually(async () => {
    const rows = await deliveriesOf(leadId);
    return rows.length > 0 && rows.every((row) => row.state === 'delivered' || row.state === 'failed')
      ? rows
      : undefined;
  }, 'the conversion deliveries to finish');

const metaEventsWithId = (eventId: string) =>
  meta.events().filter((received) => received.event.event_id === eventId);
const ga4HitsFor = (clientId: string) => ga4.hits().filter((hit) => hit.payload.client_id === clientId);

const MEASUREMENT: LeadMeasurement = {
  eventId: 'lead.browser-event-0001',
  gaClientId: '1162820436.1749482504',
  gaSessionId: '1749482504',
  fbp: 'fb.1.1596403881668.1116446470',
  fbc: 'fb.1.1596403881668.IwAR2abc',
  consent: 'granted',
};

describe('conversion deliveries', () => {
  it('deliver a lead once to Meta and once to GA4, under the browser event’s id', async () => {
    const account = await t.signIn();
    const metaId = await conversionApi(account, pixel);
    const ga4Id = await conversionApi(account, stream);
    const { quiz, postLead } = await publishedQuiz(account, [metaId, ga4Id]);
    const measurement = {
      ...MEASUREMENT,
      eventId: `lead.${crypto.randomUUID()}`,
      gaClientId: '987654321.1749482504',
    };
    const { leadId, visitId } = await postLead(measurement);

    const deliveries = await settled(leadId);
    expect(
      deliveries.map((row) => [row.destinationType, row.destinationName, row.state, row.attempts]),
    ).toEqual([
      ['conversion', 'Main pixel', 'delivered', 1],
      ['conversion', 'Website stream', 'delivered', 1],
    ]);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead?.deliveryStatus).toBe('delivered');

    const sent = metaEventsWithId(measurement.eventId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      pixelId: FAKE_META_PIXEL_ID,
      testEventCode: null,
      event: {
        event_name: 'Lead',
        event_time: Math.floor((lead?.createdAt.getTime() ?? 0) / 1000),
        event_id: measurement.eventId,
        action_source: 'website',
        event_source_url: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
        user_data: {
          em: [sha256Hex('ada.lovelace@example.com')],
          ph: [sha256Hex('442079460958')],
          fn: [sha256Hex('ada')],
          ln: [sha256Hex('lovelace')],
          external_id: [sha256Hex(visitId)],
          client_user_agent: USER_AGENT,
          fbp: measurement.fbp,
          fbc: measurement.fbc,
        },
        custom_data: { content_name: 'Team quiz', content_category: 'Result 1: 0', value: 0 },
      },
    });

    const hits = ga4HitsFor(measurement.gaClientId);
    expect(hits).toEqual([
      {
        measurementId: FAKE_GA4_MEASUREMENT_ID,
        payload: {
          client_id: measurement.gaClientId,
          timestamp_micros: (lead?.createdAt.getTime() ?? 0) * 1000,
          consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
          events: [
            {
              name: 'generate_lead',
              params: {
                quiz_id: quiz.id,
                outcome: 'Result 1: 0',
                score: 0,
                session_id: measurement.gaSessionId,
                engagement_time_msec: 1,
              },
            },
          ],
        },
      },
    ]);
  });

  it('fail a refused token at once, saying so; with the token fixed, Resend delivers it', async () => {
    const account = await t.signIn();
    const metaId = await conversionApi(account, { ...pixel, secret: 'EAArevokedToken' });
    const ga4Id = await conversionApi(account, stream);
    const { quiz, postLead } = await publishedQuiz(account, [metaId, ga4Id]);
    const eventId = `lead.${crypto.randomUUID()}`;
    const { leadId } = await postLead({ ...MEASUREMENT, eventId });

    const [failed, delivered] = await settled(leadId);
    expect(delivered).toMatchObject({ destinationName: 'Website stream', state: 'delivered' });
    expect(failed).toMatchObject({
      destinationName: 'Main pixel',
      state: 'failed',
      attempts: 1,
      lastError:
        'Meta refused the access token (code 190): Invalid OAuth access token - Cannot parse access token',
    });
    if (!failed) throw new Error('no Meta delivery');
    expect(metaEventsWithId(eventId)).toEqual([]);

    const fixed = await account.send(updateConversionApiEndpoint, {
      params: { id: metaId },
      body: { ...pixel, secret: FAKE_META_ACCESS_TOKEN },
    });
    expect(fixed.statusCode).toBe(200);
    const resent = await account.send(resendDeliveryEndpoint, {
      params: { account: account.accountId, id: quiz.id, deliveryId: failed.id },
    });
    expect(resent.statusCode).toBe(200);
    await eventually(
      async () => ((await deliveriesOf(leadId))[0]?.state === 'delivered' ? true : undefined),
      'the resent delivery',
    );
    expect(metaEventsWithId(eventId)).toHaveLength(1);
    expect((await attemptsOf(failed.id)).map((attempt) => attempt.statusCode)).toEqual([400, 200]);
  });

  it('are not made when the visitor declined tracking', async () => {
    const account = await t.signIn();
    const { postLead } = await publishedQuiz(account, [await conversionApi(account, pixel)]);
    const { leadId } = await postLead({ ...MEASUREMENT, consent: 'denied' });
    expect(await deliveriesOf(leadId)).toEqual([]);
  });

  it('use the lead’s own event id and a stable client id when the page sent no measurement', async () => {
    const account = await t.signIn();
    const metaId = await conversionApi(account, pixel);
    const ga4Id = await conversionApi(account, stream);
    const { postLead } = await publishedQuiz(account, [metaId, ga4Id]);
    const { leadId, visitId } = await postLead();
    const lead = (await loadLeadsForDelivery(t.database.db, [leadId])).get(leadId);
    expect(lead?.conversion).toMatchObject({
      visitId,
      measurement: { consent: 'not-asked', userAgent: USER_AGENT },
    });
    await settled(leadId);
    const [sent] = metaEventsWithId(`lead.${visitId}`);
    expect(sent?.event.user_data).toMatchObject({ client_user_agent: USER_AGENT });
    expect(sent?.event.user_data).not.toHaveProperty('fbp');
    const hit = ga4
      .hits()
      .find(
        (candidate) =>
          (candidate.payload.events as { params: { quiz_id: string } }[])[0]?.params.quiz_id === lead?.quizId,
      );
    const clientId = String(hit?.payload.client_id);
    expect(clientId).toMatch(/^[0-9]+\.[0-9]+$/);
    expect(clientId.split('.')[1]).toBe(String(Math.floor((lead?.createdAt.getTime() ?? 0) / 1000)));
  });
});

describe('the conversion sender', () => {
  const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });
  afterAll(() => http.close());

  async function oneLead() {
    const account = await t.signIn();
    const metaId = await conversionApi(account, pixel);
    const { postLead } = await publishedQuiz(account, []);
    const { leadId } = await postLead(MEASUREMENT);
    const lead = (await loadLeadsForDelivery(t.database.db, [leadId])).get(leadId);
    if (!lead) throw new Error('no lead');
    const send = createConversionSender({
      db: t.database.db,
      secretBox: t.context.secretBox,
      http,
      config: t.context.config,
    });
    const delivery = (conversionApiId: string) => ({
      accountId: account.accountId,
      destinationType: 'conversion' as const,
      destination: { conversionApiId },
      idempotencyKey: `${leadId}:conversion:${conversionApiId}`,
    });
    return { lead, send, delivery, metaId };
  }

  it('fails a delivery whose conversion API was deleted, or is another account’s', async () => {
    const { lead, send, delivery } = await oneLead();
    const other = await t.signIn();
    const theirs = await conversionApi(other, pixel);
    for (const id of [crypto.randomUUID(), theirs]) {
      expect(await send(delivery(id), lead, new Date())).toMatchObject({
        outcome: 'permanent',
        error: CONVERSION_API_DELETED_TEXT,
        statusCode: null,
      });
    }
    expect(await send({ ...delivery(theirs), destination: {} }, lead, new Date())).toMatchObject({
      outcome: 'permanent',
    });
  });

  it('does not send Meta a lead older than 7 days', async () => {
    const { lead, send, delivery, metaId } = await oneLead();
    const before = meta.events().length;
    const eightDaysOn = new Date(lead.createdAt.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect(await send(delivery(metaId), lead, eightDaysOn)).toMatchObject({
      outcome: 'permanent',
      error: metaEventTooOldText(8),
    });
    expect(meta.events()).toHaveLength(before);
  });
});
