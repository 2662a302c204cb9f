import { describe, expect, it } from 'vitest';
import { assessmentLeadToDeliver as lead } from '../../../testing/assessmentLeads';
import { DELIVERY_ACCOUNT_ID, noWebhooks, useDeliveryReceivers } from '../../../testing/deliverySending';
import { parseHtmlForm } from '../../htmlForms/parseHtmlForm';
import type { LeadForDelivery } from '../leadPayload';
import type { HtmlFormDestination } from './destinations';
import { sendDelivery } from './sendDelivery';

const { endpoint, httpAllowing } = useDeliveryReceivers();
const ACCOUNT_ID = DELIVERY_ACCOUNT_ID;

/** A Mailchimp embedded form: two optional interest checkboxes, a pre-checked format radio, a honeypot. */
const MAILCHIMP_MARKUP = `
<form action="https://example.us1.list-manage.com/subscribe/post?u=abc&amp;id=def" method="post" id="mc-embedded-subscribe-form">
  <label for="mce-EMAIL">Email Address</label><input type="email" name="EMAIL" id="mce-EMAIL">
  <label for="mce-FNAME">First Name</label><input type="text" name="FNAME" id="mce-FNAME">
  <ul>
    <li><input type="checkbox" value="1" name="group[12345][1]" id="mce-group-1"><label for="mce-group-1">Recipes</label></li>
    <li><input type="checkbox" value="2" name="group[12345][2]" id="mce-group-2"><label for="mce-group-2">Events</label></li>
  </ul>
  <input type="radio" name="EMAILTYPE" value="html" checked> HTML
  <input type="radio" name="EMAILTYPE" value="text"> Text
  <input type="radio" name="SIZE" value="s"> S <input type="radio" name="SIZE" value="m"> M
  <div aria-hidden="true" style="position: absolute; left: -5000px;"><input type="text" name="b_abc_def" tabindex="-1" value=""></div>
  <input type="submit" value="Subscribe" name="subscribe" id="mc-embedded-subscribe">
</form>`;

describe('sendDelivery to a pasted Mailchimp form with optional checkboxes', () => {
  async function postedFields(
    checkboxes: HtmlFormDestination['fieldMappings']['checkboxes'],
    visitor: LeadForDelivery = lead,
  ) {
    const form = await endpoint((_request, response) => response.end());
    const data = parseHtmlForm(MAILCHIMP_MARKUP);
    const destination: HtmlFormDestination = {
      htmlFormId: null,
      formData: { ...data, action: `${form.origin}/subscribe/post?u=abc&id=def` },
      fieldMappings: { name: 'FNAME', email: 'EMAIL', checkboxes },
    };
    await sendDelivery(
      { accountId: ACCOUNT_ID, destinationType: 'html-form', destination, idempotencyKey: 'lead-1:form' },
      visitor,
      { http: httpAllowing(form), loadWebhook: noWebhooks },
    );
    return [...new URLSearchParams(form.received[0]?.body)];
  }

  it('leaves every checkbox unticked unless the marketer chose otherwise, as a browser would', async () => {
    expect(await postedFields([])).toEqual([
      ['EMAIL', lead.email],
      ['FNAME', 'Ana María'],
      ['EMAILTYPE', 'html'],
      ['b_abc_def', ''],
      ['subscribe', 'Subscribe'],
    ]);
  });

  it('ticks a box always, or only when the visitor ticked the quiz’s confirmation box', async () => {
    const choices: HtmlFormDestination['fieldMappings']['checkboxes'] = [
      { name: 'group[12345][1]', value: '1', choice: 'ticked' },
      { name: 'group[12345][2]', value: '2', choice: 'consent' },
    ];
    const consented = await postedFields(choices);
    expect(consented.filter(([name]) => name.startsWith('group'))).toEqual([
      ['group[12345][1]', '1'],
      ['group[12345][2]', '2'],
    ]);
    const declined = await postedFields(choices, { ...lead, consent: false });
    expect(declined.filter(([name]) => name.startsWith('group'))).toEqual([['group[12345][1]', '1']]);
  });
});
