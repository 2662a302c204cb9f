import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import {
  type ClientContext,
  type OAuthClient,
  ServiceError,
  type SubscribeResult,
  type SubscriberLead,
} from '../../autoresponderClient';
import { unknownFieldsNote } from '../../mappedServiceFields';
import { expectJson, isOk, LIST_RESPONSE_BYTES, type ServiceResponse } from '../../serviceHttp';
import {
  createGetResponseSession,
  type GetResponseCredentials,
  type GetResponseSession,
  getResponseCredentialsSchema,
  getResponseError,
  getResponseErrorCode,
  requestTokens,
} from './getResponseApi';
import { type GetResponseFieldValue, getResponseFieldValues } from './getResponseCustomFields';
import { resolveGetResponseTagIds } from './getResponseTags';

/*
 * GetResponse: a lead goes to a "campaign" (a contact list). There is no upsert: POST /contacts answers 202
 * (queued) or 409 code 1008 when the address is already on the campaign, then the contact is found by email
 * and updated. Tags are sent by id (looked up or created by name); the capture form's mapped fields go as
 * custom field values by id (custom fields must pre-exist); the quiz score goes to the contact's `scoring`.
 */

const DUPLICATE_CODE = 1008;
const CAMPAIGN_PAGE_SIZE = 1000;
/** A runaway TotalPages header never makes an endless loop. */
const MAX_CAMPAIGN_PAGES = 100;
const MAX_NAME_LENGTH = 128;

const campaignsSchema = z.array(z.object({ campaignId: z.string(), name: z.string() }).passthrough());
const contactsSchema = z.array(z.object({ contactId: z.string(), email: z.string() }).passthrough());

const result = (response: ServiceResponse): SubscribeResult => ({
  statusCode: response.status,
  responseExcerpt: response.bodyText ? excerpt(response.bodyText) : null,
});

function contactProperties(lead: SubscriberLead) {
  const name = lead.name?.trim().slice(0, MAX_NAME_LENGTH);
  return {
    ...(name ? { name } : {}),
    ...(lead.score !== null && Number.isFinite(lead.score) ? { scoring: lead.score } : {}),
  };
}

/** The address is on the campaign already: find the contact and update its name, score, tags and fields. */
async function updateExistingContact(
  session: GetResponseSession,
  context: ClientContext<GetResponseCredentials>,
  campaignId: string,
  lead: SubscriberLead,
  extras: { tagIds: string[]; fieldValues: GetResponseFieldValue[] },
  conflict: ServiceResponse,
): Promise<SubscribeResult> {
  const { tagIds, fieldValues } = extras;
  const query = new URLSearchParams({
    'query[email]': lead.email,
    'query[campaignId]': campaignId,
    additionalFlags: 'exactMatch',
  });
  const search = await session.request({ url: `/contacts?${query}` });
  if (!isOk(search))
    throw getResponseError(context, search, 'GetResponse could not look up the existing contact');
  const found = contactsSchema.safeParse(expectJson(context, search, 'GetResponse contact search'));
  if (!found.success)
    throw getResponseError(
      context,
      { ...search, status: 502 },
      'GetResponse answered an unexpected contact list',
    );
  const contact = found.data.find((item) => item.email.toLowerCase() === lead.email.toLowerCase());
  // Not listed yet: queued by an earlier attempt or waiting for its double opt-in confirmation. It is there.
  if (!contact) return result(conflict);

  let last = conflict;
  const properties = contactProperties(lead);
  if (Object.keys(properties).length > 0) {
    last = await session.request({
      url: `/contacts/${encodeURIComponent(contact.contactId)}`,
      method: 'POST',
      json: properties,
    });
    if (!isOk(last)) throw getResponseError(context, last, 'GetResponse refused to update the contact');
  }
  if (tagIds.length > 0) {
    // The additive endpoint: the contact keeps the tags it had.
    last = await session.request({
      url: `/contacts/${encodeURIComponent(contact.contactId)}/tags`,
      method: 'POST',
      json: { tags: tagIds.map((tagId) => ({ tagId })) },
    });
    if (!isOk(last)) throw getResponseError(context, last, 'GetResponse refused to tag the contact');
  }
  if (fieldValues.length > 0) {
    // The additive endpoint: values of fields the lead does not carry stay as they were.
    last = await session.request({
      url: `/contacts/${encodeURIComponent(contact.contactId)}/custom-fields`,
      method: 'POST',
      json: { customFieldValues: fieldValues },
    });
    if (!isOk(last)) throw getResponseError(context, last, "GetResponse refused the contact's custom fields");
  }
  return result(last);
}

export const getResponseClient: OAuthClient<GetResponseCredentials> = {
  service: 'getresponse',
  auth: 'oauth',
  // GetResponse documents no PKCE for its authorization-code flow.
  pkce: false,
  credentialsSchema: getResponseCredentialsSchema,

  authorizeUrl(settings, { state, redirectUri }) {
    if (!settings.authorizeUrl || !settings.clientId) {
      throw new ServiceError(
        'permanent',
        'GetResponse is not set up on this server: GETRESPONSE_CLIENT_ID is missing.',
      );
    }
    const url = new URL(settings.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  },

  async exchangeCode(context, { code, redirectUri }) {
    return requestTokens(
      context,
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      'permanent',
    );
  },

  async checkStatus(context) {
    const session = createGetResponseSession(context);
    const response = await session.request({ url: '/accounts' });
    if (!isOk(response))
      throw getResponseError(context, response, 'GetResponse did not accept the connection');
    expectJson(context, response, 'GetResponse account');
  },

  async listTargets(context) {
    const session = createGetResponseSession(context);
    const targets: Target[] = [];
    for (let page = 1; page <= MAX_CAMPAIGN_PAGES; page++) {
      const response = await session.request({
        url: `/campaigns?page=${page}&perPage=${CAMPAIGN_PAGE_SIZE}&fields=campaignId,name`,
        maxResponseBytes: LIST_RESPONSE_BYTES,
      });
      if (!isOk(response))
        throw getResponseError(context, response, 'GetResponse did not list the campaigns');
      const campaigns = campaignsSchema.safeParse(expectJson(context, response, 'GetResponse campaigns'));
      if (!campaigns.success) {
        throw getResponseError(
          context,
          { ...response, status: 502 },
          'GetResponse answered an unexpected campaign list',
        );
      }
      targets.push(
        ...campaigns.data.map((campaign) => ({ id: campaign.campaignId, displayName: campaign.name })),
      );
      const totalPages = Number(response.headers.totalpages ?? page);
      if (campaigns.data.length === 0 || !(page < totalPages)) break;
    }
    return targets;
  },

  async subscribe(context, campaignId, lead) {
    const session = createGetResponseSession(context);
    const tagIds = await resolveGetResponseTagIds(session, context, lead.tags);
    const fields = await getResponseFieldValues(session, context, lead);
    const notes = unknownFieldsNote('GetResponse', fields.unknown);
    const created = await session.request({
      url: '/contacts',
      method: 'POST',
      json: {
        email: lead.email,
        campaign: { campaignId },
        ...contactProperties(lead),
        ...(tagIds.length > 0 ? { tags: tagIds.map((tagId) => ({ tagId })) } : {}),
        ...(fields.values.length > 0 ? { customFieldValues: fields.values } : {}),
      },
    });
    if (isOk(created)) return { ...result(created), notes };
    if (created.status === 409 && getResponseErrorCode(created) === DUPLICATE_CODE) {
      const updated = await updateExistingContact(
        session,
        context,
        campaignId,
        lead,
        { tagIds, fieldValues: fields.values },
        created,
      );
      return { ...updated, notes };
    }
    throw getResponseError(context, created, 'GetResponse refused the contact');
  },
};
