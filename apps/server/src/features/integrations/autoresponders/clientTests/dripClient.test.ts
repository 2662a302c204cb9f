import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import {
  connectByConsent,
  failureOf,
  recordingContext,
  TEST_REDIRECT_URI,
} from '../../../../testing/autoresponderClients';
import { createDripFake, type DripFake, startDripFake } from '../../fakes/autoresponders/dripFake';
import { readServiceSettings, type ServiceSettings } from '../serviceSettings';
import { type DripCredentials, dripClient } from '../services/drip/dripClient';
import { DRIP_USER_AGENT } from '../services/drip/dripHttp';

describeAutoresponderClientBehaviour('Drip', {
  client: dripClient,
  startFake: startDripFake,
  targets: [
    { id: 'campaign:101', displayName: 'Campaign: Welcome Series' },
    { id: 'campaign:102', displayName: 'Campaign: Quiz Follow-up' },
    { id: 'campaign:103', displayName: 'Campaign: Product Tips' },
    { id: 'workflow:201', displayName: 'Workflow: New Lead Nurture' },
    { id: 'workflow:202', displayName: 'Workflow: Onboarding' },
    { id: 'tags-only', displayName: 'Tags only (no campaign)' },
  ],
  target: 'campaign:102',
  otherTarget: { id: 'workflow:201', targetIds: ['campaign:102', 'workflow:201'] },
  contactAfterBothLeads: {
    email: 'ana.silva@example.com',
    name: 'Ana Maria',
    tags: [...FIRST_LEAD.tags, 'outcome: Pioneer'],
    fields: { quiz_name: 'Which traveller are you?', outcome: 'Pioneer', score: '9' },
    targetIds: ['campaign:102'],
  },
  subscribed: { statuses: [201, 201], excerpt: /"subscribers"/ },
  refusedAddress: { message: /Drip refused the address/, statusCode: 422 },
  unknownTargets: [{ id: 'campaign:999', statusCode: 404, message: /this campaign/ }, { id: 'list:1' }],
  refusedConnectMessage: /^Drip did not accept the authorization/,
  rateLimited: { statusCode: 429, retryAfterMs: 1000, message: /API rate limit exceeded/ },
  outage: { status: 503, body: { errors: [{ code: 'server_error', message: 'Unavailable' }] } },
});

describe('Drip: its own ways', () => {
  let fake: DripFake;
  let settings: ServiceSettings;
  let credentials: DripCredentials;
  const context = (over: Partial<DripCredentials> = {}) =>
    recordingContext(settings, { ...credentials, ...over }).context;
  beforeEach(async () => {
    fake = await createDripFake();
    settings = readServiceSettings('drip', fake.env);
    credentials = await connectByConsent(dripClient, settings);
  });
  afterEach(() => fake.close());

  it('builds the authorize URL without PKCE and stores a token and the first account id', () => {
    const url = new URL(dripClient.authorizeUrl(settings, { state: 's', redirectUri: TEST_REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(fake.env.DRIP_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.env.DRIP_CLIENT_ID,
      redirect_uri: TEST_REDIRECT_URI,
      state: 's',
    });
    expect(dripClient.pkce).toBe(false);
    expect(credentials.accountId).toBe('9999999');
    expect(credentials.accessToken).toMatch(/^drip_/);
  });

  it('checks the status with a User-Agent', async () => {
    await dripClient.checkStatus(context());
    expect(fake.lastUserAgent()).toBe(DRIP_USER_AGENT);
  });

  it('sends a score field only for scored quizzes: a general quiz’s lead has none', async () => {
    await dripClient.subscribe(context(), 'tags-only', {
      ...FIRST_LEAD,
      email: 'general@example.com',
      score: null,
    });
    expect(fake.contacts().find((contact) => contact.email === 'general@example.com')?.fields).toEqual({
      quiz_name: 'Which traveller are you?',
      outcome: 'Explorer',
    });
  });

  it('sends each answer and category percentage as a field Drip creates, with well-formed keys', async () => {
    await dripClient.subscribe(context(), 'tags-only', {
      ...FIRST_LEAD,
      email: 'fields@example.com',
      answers: [
        { questionId: 3, question: 'Où partez-vous ?', display: 'Lisbon, Porto' },
        { questionId: 4, question: 'Où partez-vous ?', display: 'Twice a year' },
        { questionId: 5, question: 'Сколько дней?', display: '10 days' },
      ],
      categories: [
        { name: 'Budget & Planning', percent: 75 },
        { name: '予算', percent: 40 },
      ],
    });
    expect(fake.contacts().find((contact) => contact.email === 'fields@example.com')?.fields).toEqual({
      quiz_name: 'Which traveller are you?',
      outcome: 'Explorer',
      score: '7',
      category_budget_planning_percent: '75',
      category_2_percent: '40',
      answer_ou_partez_vous: 'Lisbon, Porto',
      answer_ou_partez_vous_4: 'Twice a year',
      answer_5: '10 days',
    });
  });

  it('tags only: the upsert alone', async () => {
    const result = await dripClient.subscribe(context(), 'tags-only', {
      ...FIRST_LEAD,
      email: 'bo@example.com',
      name: 'Bo',
    });
    expect(result.statusCode).toBe(200);
    expect(fake.contacts().find((contact) => contact.email === 'bo@example.com')).toMatchObject({
      name: 'Bo',
      tags: FIRST_LEAD.tags,
      targetIds: [],
    });
  });

  it('retries a subscriber busy with concurrent requests after a second', async () => {
    fake.answerNext({
      status: 422,
      body: {
        errors: [
          { code: 'rate_limit_error', message: 'Too many concurrent requests for the same subscriber' },
        ],
      },
    });
    expect(await failureOf(dripClient.subscribe(context(), 'tags-only', FIRST_LEAD))).toMatchObject({
      kind: 'retryable',
      details: { retryAfterMs: 1000 },
    });
  });

  it('answers unauthorized for a token Drip does not know', async () => {
    expect((await failureOf(dripClient.checkStatus(context({ accessToken: 'unknown' })))).kind).toBe(
      'unauthorized',
    );
  });
});
