import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import {
  type ApiKeyClient,
  type ClientContext,
  requiredCredential,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import { unknownFieldsNote } from '../../mappedServiceFields';
import { expectJson, isOk, LIST_RESPONSE_BYTES, type ServiceResponse } from '../../serviceHttp';
import {
  type ActiveCampaignCredentials,
  activeCampaignApiBase,
  activeCampaignCredentialsSchema,
  activeCampaignError,
  activeCampaignRequest,
  apiUrlError,
  deliveryFailure,
  isAuthFailure,
  refusedKeyError,
} from './activeCampaignApi';
import { activeCampaignFieldValues } from './activeCampaignFields';
import { tagActiveCampaignContact } from './activeCampaignTags';

/*
 * ActiveCampaign: a lead is three steps, each safe to repeat. `POST /contact/sync` upserts the contact by
 * email (first and last name), `POST /contactLists` with status 1 puts it on the chosen list, and each tag
 * (found by name or created) is attached with `POST /contactTags`. Custom fields are referenced by id and
 * must pre-exist, so the quiz, outcome and score travel as tags only; the phone goes to the contact's own
 * `phone`, and a capture form field the marketer mapped to a custom field (by id, title or personalisation
 * tag) goes as a `fieldValues` entry.
 */

type Context = ClientContext<ActiveCampaignCredentials>;

const LIST_PAGE_SIZE = 100;
const MAX_LIST_PAGES = 1000;

const listsSchema = z.object({
  lists: z.array(z.object({ id: z.coerce.string(), name: z.string() }).passthrough()),
  meta: z.object({ total: z.coerce.number() }).passthrough().optional(),
});
const syncedSchema = z.object({ contact: z.object({ id: z.coerce.string() }).passthrough() }).passthrough();

function nameParts(name: string | null) {
  const trimmed = name?.trim();
  if (!trimmed) return {};
  const [firstName = '', ...rest] = trimmed.split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

async function syncContact(
  context: Context,
  lead: SubscriberLead,
  values: { field: string; value: string }[],
): Promise<string> {
  const contact = {
    email: lead.email,
    ...nameParts(lead.name),
    ...(lead.phone ? { phone: lead.phone } : {}),
    ...(values.length > 0 ? { fieldValues: values } : {}),
  };
  const response = await activeCampaignRequest(context, context.credentials, {
    url: '/contact/sync',
    method: 'POST',
    json: { contact },
  });
  if (!isOk(response)) throw await deliveryFailure(context, response, 'ActiveCampaign refused the contact');
  const synced = syncedSchema.safeParse(expectJson(context, response, 'ActiveCampaign contact'));
  if (!synced.success) {
    throw activeCampaignError(
      context,
      { ...response, status: 502 },
      'ActiveCampaign answered an unexpected contact',
    );
  }
  return synced.data.contact.id;
}

export const activeCampaignClient: ApiKeyClient<ActiveCampaignCredentials> = {
  service: 'activecampaign',
  auth: 'apikey',
  credentialsSchema: activeCampaignCredentialsSchema,

  async connect(context, input) {
    const apiBase = activeCampaignApiBase(input.apiUrl, context.settings);
    const apiKey = requiredCredential(input.apiKey, 'apiKey', 'Please enter your ActiveCampaign API key.');
    let response: ServiceResponse;
    try {
      response = await activeCampaignRequest(context, { apiBase, apiKey }, { url: '/users/me' });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      throw new ServiceError(error.kind, `Quizbeam could not reach this API URL: ${error.message}`, {
        ...error.details,
        field: 'apiUrl',
      });
    }
    if (isAuthFailure(response)) {
      throw new ServiceError(
        'permanent',
        'ActiveCampaign refused this API key. Copy it again from Settings, then Developer.',
        {
          statusCode: response.status,
          field: 'apiKey',
        },
      );
    }
    if (
      response.status === 404 ||
      (isOk(response) && !z.object({ user: z.unknown() }).safeParse(response.body).success)
    ) {
      throw apiUrlError(
        'This address does not answer like an ActiveCampaign API URL. Copy it from Settings, then Developer.',
      );
    }
    if (!isOk(response))
      throw activeCampaignError(context, response, 'ActiveCampaign could not check the key');
    return { apiBase, apiKey };
  },

  async checkStatus(context) {
    const response = await activeCampaignRequest(context, context.credentials, { url: '/users/me' });
    if (isAuthFailure(response)) throw refusedKeyError(response, context);
    if (!isOk(response))
      throw activeCampaignError(context, response, 'ActiveCampaign did not answer the status check');
    expectJson(context, response, 'ActiveCampaign user');
  },

  async listTargets(context) {
    const targets: Target[] = [];
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const offset = page * LIST_PAGE_SIZE;
      const response = await activeCampaignRequest(context, context.credentials, {
        url: `/lists?limit=${LIST_PAGE_SIZE}&offset=${offset}`,
        maxResponseBytes: LIST_RESPONSE_BYTES,
      });
      if (isAuthFailure(response)) throw refusedKeyError(response, context);
      if (!isOk(response))
        throw activeCampaignError(context, response, 'ActiveCampaign did not list the lists');
      const parsed = listsSchema.safeParse(expectJson(context, response, 'ActiveCampaign lists'));
      if (!parsed.success) {
        throw activeCampaignError(
          context,
          { ...response, status: 502 },
          'ActiveCampaign answered an unexpected list of lists',
        );
      }
      targets.push(...parsed.data.lists.map((list) => ({ id: list.id, displayName: list.name })));
      const total = parsed.data.meta?.total ?? 0;
      if (parsed.data.lists.length === 0 || offset + parsed.data.lists.length >= total) break;
    }
    return targets;
  },

  async subscribe(context, listId, lead) {
    const fields = await activeCampaignFieldValues(context, lead);
    const contactId = await syncContact(context, lead, fields.values);
    let last = await activeCampaignRequest(context, context.credentials, {
      url: '/contactLists',
      method: 'POST',
      json: { contactList: { list: listId, contact: contactId, status: 1 } },
    });
    if (!isOk(last))
      throw await deliveryFailure(context, last, 'ActiveCampaign did not add the contact to the list');
    for (const tag of new Set(lead.tags)) {
      last = (await tagActiveCampaignContact(context, contactId, tag)) ?? last;
    }
    return {
      statusCode: last.status,
      responseExcerpt: last.bodyText ? excerpt(last.bodyText) : null,
      notes: unknownFieldsNote('ActiveCampaign', fields.unknown),
    };
  },
};
