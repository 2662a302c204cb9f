import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import { leadCreatedPayloadSchema } from '@quizbeam/contracts/webhooks';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectByConsent } from '../../testing/autoresponderClients';
import { addWebhook, htmlFormTo, useDeliveryHarness } from '../../testing/deliveries';
import type { SignedInAccount } from '../../testing/testApp';
import { publishUrlFieldQuiz } from '../../testing/urlFieldLeads';
import { readServiceSettings } from '../integrations/autoresponders/serviceSettings';
import { activeCampaignClient } from '../integrations/autoresponders/services/activecampaign/activeCampaignClient';
import { mailchimpClient } from '../integrations/autoresponders/services/mailchimp/mailchimpClient';
import { sealCredentials } from '../integrations/connectionStore';
import { startActiveCampaignFake } from '../integrations/fakes/autoresponders/activeCampaignFake';
import { startMailchimpFake } from '../integrations/fakes/autoresponders/mailchimpFake';
import type { ServiceFake } from '../integrations/fakes/serviceFake';
import { latestZapierLeads } from '../zapier/zapierLeads';
import { createAutoresponderSender } from './senders/autoresponderSender';

/* A lead's URL fields on their way out: webhooks, Zapier, pasted HTML forms and email services. */

const h = useDeliveryHarness();
let mailchimp: ServiceFake;
let activeCampaign: ServiceFake;
beforeAll(async () => {
  mailchimp = await startMailchimpFake();
  activeCampaign = await startActiveCampaignFake();
});
afterAll(async () => {
  await mailchimp.close();
  await activeCampaign.close();
});

const worker = () =>
  h.worker(
    {},
    {
      sendToAutoresponder: createAutoresponderSender({
        db: h.t.database.db,
        secretBox: h.t.context.secretBox,
        http: h.http,
        env: { ...mailchimp.env, ...activeCampaign.env },
      }),
    },
  );

async function addConnection(account: SignedInAccount, service: AutoresponderService, credentials: unknown) {
  const id = crypto.randomUUID();
  await h.t.database.db.insert(integrationConnections).values({
    id,
    accountId: account.accountId,
    service,
    displayName: `My ${service}`,
    credentialsEncrypted: sealCredentials(h.t.context.secretBox, credentials),
  });
  return id;
}

const AD_VISIT = { utm_source: 'fb', utm_campaign: 'spring', fbclid: 'IwAR2', ref: 'partner7' };

describe('a lead’s URL fields, delivered', () => {
  it('go in the webhook’s payload and to Zapier, and fill the pasted form’s mapped field', async () => {
    const account = await h.t.signIn();
    const hook = await h.endpoint();
    const form = await h.endpoint();
    const webhookId = await addWebhook(h.t, account.accountId, `${hook.url}/hook`);
    const htmlForm = htmlFormTo(`${form.url}/subscribe`);
    const formData = htmlForm.formData;
    if (!formData) throw new Error('the form has no data');
    const { quiz, postLead } = await publishUrlFieldQuiz(
      h.t,
      account,
      [
        { name: 'ref', htmlFormField: 'partner' },
        { name: 'utm_source' },
        { name: 'fbclid' },
        { name: 'utm_campaign', htmlFormField: 'list' },
      ],
      {
        type: 'html-form',
        webhookIds: [webhookId],
        htmlFormSettings: {
          ...htmlForm,
          formData: {
            ...formData,
            fields: [...formData.fields, { name: 'partner', type: 'hidden', value: '', label: '' }],
          },
        },
      },
    );
    const lead = await postLead('ada@example.com', { urlFields: AD_VISIT });
    await worker().runOnce();

    expect(hook.received).toHaveLength(1);
    const payload = leadCreatedPayloadSchema.parse(JSON.parse(hook.received[0]?.body ?? ''));
    // Every kept field in the quiz's order; `utm` keeps its UTM subset.
    expect(Object.entries(payload.data.urlFields)).toEqual([
      ['ref', 'partner7'],
      ['utm_source', 'fb'],
      ['fbclid', 'IwAR2'],
      ['utm_campaign', 'spring'],
    ]);
    expect(payload.data.utm).toEqual({ utm_source: 'fb', utm_campaign: 'spring' });

    expect(form.received).toHaveLength(1);
    const submitted = new URLSearchParams(form.received[0]?.body ?? '');
    expect(submitted.get('partner')).toBe('partner7');
    // A hidden field of the form a URL field is mapped to sends the lead's value instead of its own.
    expect(submitted.getAll('list')).toEqual(['spring']);
    expect(submitted.get('EMAIL')).toBe('ada@example.com');

    const [zapierLead] = await latestZapierLeads(h.t.database.db, account.accountId, quiz.id);
    expect(zapierLead).toMatchObject({
      id: lead,
      utmSource: 'fb',
      utmCampaign: 'spring',
      utmMedium: null,
      urlFields: { ref: 'partner7', utm_source: 'fb', fbclid: 'IwAR2', utm_campaign: 'spring' },
    });
  });

  it('reach Mailchimp’s merge field the marketer mapped them to', async () => {
    const account = await h.t.signIn();
    const credentials = await connectByConsent(
      mailchimpClient,
      readServiceSettings('mailchimp', mailchimp.env),
    );
    const connectionId = await addConnection(account, 'mailchimp', credentials);
    const audience = 'b7e4c2a918';
    const { postLead } = await publishUrlFieldQuiz(
      h.t,
      account,
      [{ name: 'utm_source' }, { name: 'ref', serviceField: 'REF' }, { name: 'fbclid', serviceField: ' ' }],
      { type: 'api', connectionId, targetServiceName: 'mailchimp', targetId: audience },
    );
    await postLead('lin@example.com', { urlFields: AD_VISIT });
    await worker().runOnce();
    const [lin] = mailchimp.contacts().filter((contact) => contact.email === 'lin@example.com');
    expect(lin?.targetIds).toEqual([audience]);
    // The name's FNAME, and the mapped ref; unmapped fields (and a blank mapping) are not sent.
    expect(lin?.fields).toEqual({ FNAME: 'Ada Lovelace', REF: 'partner7' });
  });

  it('reach ActiveCampaign’s custom field, found by its title', async () => {
    const account = await h.t.signIn();
    const settings = readServiceSettings('activecampaign', activeCampaign.env);
    const credentials = await activeCampaignClient.connect(
      { http: h.http, settings, now: () => new Date() },
      activeCampaign.demoCredentials ?? {},
    );
    const connectionId = await addConnection(account, 'activecampaign', credentials);
    const { postLead } = await publishUrlFieldQuiz(
      h.t,
      account,
      [{ name: 'ref', serviceField: 'Company' }, { name: 'utm_source' }],
      { type: 'api', connectionId, targetServiceName: 'activecampaign', targetId: '2' },
    );
    await postLead('kim@example.com', { urlFields: AD_VISIT });
    await worker().runOnce();
    const [kim] = activeCampaign.contacts().filter((contact) => contact.email === 'kim@example.com');
    expect(kim?.targetIds).toContain('2');
    expect(kim?.fields).toEqual({ COMPANY: 'partner7' });
  });
});
