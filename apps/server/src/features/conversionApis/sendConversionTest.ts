import {
  type ConversionApiTestResult,
  TEST_EVENT_CODE_NEEDED_TEXT,
} from '@quizbeam/contracts/conversionApis';
import type { Database } from '@quizbeam/db/database';
import type { Config } from '../../config/env';
import type { OutboundHttpClient } from '../../outbound/guardedHttpClient';
import type { SecretBox } from '../../security/secretBox';
import { AppError, notFound } from '../../shared/appError';
import { UNREADABLE_CONVERSION_SECRET_TEXT } from '../delivery/senders/conversionSender';
import { type Ga4Payload, validateGa4Payload } from '../delivery/senders/ga4MeasurementClient';
import {
  hashedCustomerData,
  type MetaServerEvent,
  sendMetaEvents,
} from '../delivery/senders/metaConversionsClient';
import { type ConversionApiTarget, findConversionApiTarget } from './conversionApiRecords';

export interface ConversionTestDeps {
  db: Database;
  secretBox: SecretBox;
  http: OutboundHttpClient;
  config: Pick<Config, 'publishUrl' | 'conversionApis'>;
}

export const TEST_EVENT_NAME = 'Quizbeam test event';

const failed = (target: ConversionApiTarget, error: string): ConversionApiTestResult => ({
  platform: target.platform,
  ok: false,
  statusCode: null,
  error,
  eventsReceived: null,
  validationMessages: [],
});

/** A Lead event of a made-up visitor, as a lead's own would look. */
function metaTestEvent(publishUrl: string, userAgent: string | undefined, now: Date): MetaServerEvent {
  const id = `test.${crypto.randomUUID()}`;
  return {
    event_name: 'Lead',
    event_time: Math.floor(now.getTime() / 1000),
    event_id: id,
    action_source: 'website',
    event_source_url: `${publishUrl}/`,
    user_data: {
      ...hashedCustomerData({
        email: 'test-lead@example.com',
        phone: null,
        name: 'Test Lead',
        externalId: id,
      }),
      client_user_agent: userAgent ?? TEST_EVENT_NAME,
    },
    custom_data: { content_name: TEST_EVENT_NAME, value: 0 },
  };
}

function ga4TestPayload(now: Date): Ga4Payload {
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    client_id: `1000000000.${seconds}`,
    timestamp_micros: now.getTime() * 1000,
    consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
    events: [
      {
        name: 'generate_lead',
        params: {
          quiz_id: 'test',
          outcome: 'Test outcome',
          score: 0,
          session_id: String(seconds),
          engagement_time_msec: 1,
        },
      },
    ],
  };
}

/**
 * "Send Test Event". Meta: one Lead event with the saved test event code, which Events Manager shows under Test
 * Events (none saved: 400, as a lead without it would count as a real conversion). GA4: a sample generate_lead
 * checked by Google's validation server, whose messages are answered. Another account's id is a 404.
 */
export async function sendConversionTest(
  deps: ConversionTestDeps,
  accountId: string,
  id: string,
  userAgent: string | undefined,
  now = new Date(),
): Promise<ConversionApiTestResult> {
  const target = await findConversionApiTarget(deps.db, accountId, id);
  if (!target) throw notFound();
  if (target.platform === 'meta' && target.testEventCode === '')
    throw new AppError('validation_failed', TEST_EVENT_CODE_NEEDED_TEXT);
  let secret: string;
  try {
    secret = deps.secretBox.open(target.secretEncrypted);
  } catch {
    return failed(target, UNREADABLE_CONVERSION_SECRET_TEXT);
  }
  const endpoints = deps.config.conversionApis;

  if (target.platform === 'meta') {
    const { attempt, eventsReceived } = await sendMetaEvents(
      deps.http,
      { graphUrl: endpoints.metaGraphUrl, graphVersion: endpoints.metaGraphVersion },
      { pixelId: target.platformId, accessToken: secret, testEventCode: target.testEventCode },
      [metaTestEvent(deps.config.publishUrl, userAgent, now)],
      now,
    );
    const ok = attempt.outcome === 'delivered';
    return {
      platform: 'meta',
      ok,
      statusCode: attempt.statusCode,
      error: ok ? null : (attempt.error ?? 'Meta did not take the event.'),
      eventsReceived,
      validationMessages: [],
    };
  }

  const stream = { measurementId: target.platformId, apiSecret: secret };
  const { attempt, validationMessages } = await validateGa4Payload(
    deps.http,
    endpoints.ga4Url,
    stream,
    ga4TestPayload(now),
    now,
  );
  const messages = validationMessages ?? [];
  const ok = attempt.outcome === 'delivered' && validationMessages !== null && messages.length === 0;
  const error = ok
    ? null
    : messages.length > 0
      ? `Google's validation server refused the event: ${messages.map((message) => message.description).join(' ')}`
      : (attempt.error ?? "Google's validation server did not answer.");
  return {
    platform: 'ga4',
    ok,
    statusCode: attempt.statusCode,
    error,
    eventsReceived: null,
    validationMessages: messages,
  };
}
