import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesOfLead, publishCaptureQuiz, useDeliveryHarness } from '../../../testing/deliveries';
import { readServiceSettings } from '../../integrations/autoresponders/serviceSettings';
import { activeCampaignClient } from '../../integrations/autoresponders/services/activecampaign/activeCampaignClient';
import { sealCredentials } from '../../integrations/connectionStore';
import { startActiveCampaignFake } from '../../integrations/fakes/autoresponders/activeCampaignFake';
import type { ServiceFake } from '../../integrations/fakes/serviceFake';
import { createAutoresponderSender } from './autoresponderSender';

const h = useDeliveryHarness();
let fake: ServiceFake;
beforeAll(async () => {
  fake = await startActiveCampaignFake();
});
afterAll(async () => {
  await fake.close();
});

describe('mapped capture form fields to an email service', () => {
  it('delivers a lead without a field the service lacks, and the attempt says which', async () => {
    const account = await h.t.signIn();
    const settings = readServiceSettings('activecampaign', fake.env);
    const credentials = await activeCampaignClient.connect(
      { http: h.http, settings, now: () => new Date() },
      fake.demoCredentials ?? {},
    );
    const connectionId = crypto.randomUUID();
    await h.t.database.db.insert(integrationConnections).values({
      id: connectionId,
      accountId: account.accountId,
      service: 'activecampaign',
      displayName: 'My AC',
      credentialsEncrypted: sealCredentials(h.t.context.secretBox, credentials),
    });
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'api',
      connectionId,
      targetServiceName: 'activecampaign',
      targetId: '2',
      fields: [
        {
          id: 'f1',
          kind: 'company',
          label: 'Company',
          key: 'company',
          required: false,
          serviceField: '%COMPANY%',
        },
        { id: 'f2', kind: 'text', label: 'Budget', key: 'budget', required: false, serviceField: 'Budget' },
      ],
    });
    const lead = await postLead('mo@example.com', { f1: 'Acme Ltd', f2: '5k' });
    const sender = createAutoresponderSender({
      db: h.t.database.db,
      secretBox: h.t.context.secretBox,
      http: h.http,
      env: fake.env,
    });
    await h.worker({}, { sendToAutoresponder: sender }).runOnce();
    const [delivery] = await deliveriesOfLead(h.t, lead);
    expect(delivery?.state).toBe('delivered');
    const [attempt] = await h.attemptsOf(delivery?.id ?? '');
    expect(attempt?.error).toBe(
      'ActiveCampaign has no custom field named "Budget": the lead was sent without it.',
    );
    expect(fake.contacts().find((contact) => contact.email === 'mo@example.com')?.fields).toEqual({
      COMPANY: 'Acme Ltd',
    });
  });
});
