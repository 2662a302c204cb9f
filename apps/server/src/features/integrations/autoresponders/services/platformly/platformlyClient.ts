import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import {
  type ApiKeyClient,
  type ClientContext,
  type ConnectContext,
  refusalFlagsField,
  requiredCredential,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import { resolveMappedFields, unknownFieldsNote } from '../../mappedServiceFields';
import {
  errorFromResponse,
  expectJson,
  isOk,
  LIST_RESPONSE_BYTES,
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';

/*
 * Platformly: one RPC endpoint (settings.apiUrl) taking form fields api_key, action and value (a JSON
 * string). Failures come back in the body as { status: 'error', message }. A lead goes to a project, or to
 * a segment of one; its tags are attached only where the project already has a tag of that name, since
 * the API documents no call to create tags. The capture form's mapped fields go as custom fields keyed
 * `cf_{alias}_{id}` (fields must be created beforehand): the key as typed, or found by the field's name or
 * alias with `list_custom_fields` for the project.
 */

const credentialsSchema = z.object({ apiKey: z.string().min(1) });
export type PlatformlyCredentials = z.infer<typeof credentialsSchema>;

type Context = Pick<ConnectContext, 'http' | 'now' | 'settings'>;

type RpcResult =
  | { ok: true; data: unknown; response: ServiceResponse }
  | { ok: false; message: string; response: ServiceResponse };

const errorBodySchema = z.object({ status: z.literal('error'), message: z.string().nullish() });
const idSchema = z.union([z.number(), z.string()]).transform(String);
const namedItemSchema = z.object({ id: idSchema, name: z.string() }).passthrough();
const contactSchema = z.object({ id: idSchema }).passthrough();
const customFieldSchema = z.object({ id: idSchema, alias: z.string(), name: z.string() }).passthrough();
/** A custom field as add_contact and update_contact key it. */
const CUSTOM_FIELD_KEY = /^cf_[A-Za-z0-9_]+_[0-9]+$/;

/*
 * The HTTP status of a refused key is unconfirmed (probably 200 with an error body): a refusal is
 * recognised by an error body that speaks of the key or of authorization, or by a 401/403.
 */
const AUTH_FAILURE = /api[\s_-]*key|authori[sz]|authenticat|access denied|permission denied/i;
const NOT_FOUND = /not found/i;
const ALREADY_EXISTS = /already exist|duplicate/i;
/** Page size and end of a list are unconfirmed: stop at an empty page, a page with nothing new, or this. */
const MAX_PAGES = 200;

const unauthorized = (response: ServiceResponse) =>
  new ServiceError('unauthorized', 'Platformly no longer accepts the API key: reconnect the integration.', {
    statusCode: response.status,
    responseExcerpt: excerpt(response.bodyText),
  });

async function rpc(
  context: Context,
  apiKey: string,
  action: string,
  value: Record<string, unknown>,
  options: { maxResponseBytes?: number } = {},
): Promise<RpcResult> {
  const response = await serviceRequest(context, {
    url: context.settings.apiUrl,
    method: 'POST',
    form: { api_key: apiKey, action, value: JSON.stringify(value) },
    maxResponseBytes: options.maxResponseBytes,
  });
  const refused = errorBodySchema.safeParse(response.body);
  const message = refused.success ? (refused.data.message ?? 'no reason given') : null;
  if (response.status === 401 || response.status === 403) throw unauthorized(response);
  if (response.status < 429 && message && AUTH_FAILURE.test(message)) throw unauthorized(response);
  if (!isOk(response)) {
    throw errorFromResponse(
      context,
      response,
      `Platformly could not ${action.replaceAll('_', ' ')}${message ? `: ${message}` : ` (HTTP ${response.status}).`}`,
    );
  }
  const data = expectJson(context, response, `Platformly ${action}`);
  return message === null ? { ok: true, data, response } : { ok: false, message, response };
}

/** The result's data, or a permanent refusal worded for the delivery log. */
function successOf(result: RpcResult, refusal: string): unknown {
  if (result.ok) return result.data;
  throw new ServiceError('permanent', `${refusal}: ${result.message}`, {
    statusCode: result.response.status,
    responseExcerpt: excerpt(result.response.bodyText),
  });
}

/** A list answer: a bare array, or one under `data`. Anything else is not what Platformly sends. */
function itemsOf(context: Context, result: RpcResult, what: string) {
  const data = successOf(result, `Platformly could not list the ${what}`);
  const list = Array.isArray(data) ? data : (data as { data?: unknown } | null)?.data;
  const parsed = z.array(namedItemSchema).safeParse(list ?? []);
  if (!parsed.success) {
    throw errorFromResponse(
      context,
      { ...result.response, status: 502 },
      `Platformly listed the ${what} in an unexpected shape.`,
    );
  }
  return parsed.data;
}

async function listProjects(context: Context, apiKey: string) {
  const result = await rpc(context, apiKey, 'list_projects', {}, { maxResponseBytes: LIST_RESPONSE_BYTES });
  return itemsOf(context, result, 'projects');
}

/** Every page of a project's segments or tags. */
async function listPaged(
  context: Context,
  apiKey: string,
  action: 'list_segments' | 'list_tags',
  projectId: string,
) {
  const items = new Map<string, z.infer<typeof namedItemSchema>>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await rpc(
      context,
      apiKey,
      action,
      { project_id: projectId, page },
      { maxResponseBytes: LIST_RESPONSE_BYTES },
    );
    const pageItems = itemsOf(context, result, action === 'list_tags' ? 'tags' : 'segments');
    const fresh = pageItems.filter((item) => !items.has(item.id));
    if (fresh.length === 0) break;
    for (const item of fresh) items.set(item.id, item);
  }
  return [...items.values()];
}

function parseTargetId(targetId: string): { projectId: string; segmentId: string | null } {
  const project = /^project:([^:]+)$/.exec(targetId);
  if (project?.[1]) return { projectId: project[1], segmentId: null };
  const segment = /^segment:([^:]+):([^:]+)$/.exec(targetId);
  if (segment?.[1] && segment[2]) return { projectId: segment[1], segmentId: segment[2] };
  throw new ServiceError('permanent', `"${targetId}" is not a Platformly project or segment.`);
}

/** The ids of the project's tags named like the lead's tags; names the project lacks are left out. */
async function existingTagIds(
  context: Context,
  apiKey: string,
  projectId: string,
  names: string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  const tags = await listPaged(context, apiKey, 'list_tags', projectId);
  return tags.filter((tag) => wanted.has(tag.name.trim().toLowerCase())).map((tag) => tag.id);
}

/** The project's custom fields, each known by its key, name and alias. */
async function listCustomFields(context: Context, apiKey: string, projectId: string) {
  const result = await rpc(
    context,
    apiKey,
    'list_custom_fields',
    { project_id: projectId },
    { maxResponseBytes: LIST_RESPONSE_BYTES },
  );
  const data = successOf(result, 'Platformly could not list the custom fields');
  const list = Array.isArray(data) ? data : (data as { data?: unknown } | null)?.data;
  const parsed = z.array(customFieldSchema).safeParse(list ?? []);
  if (!parsed.success) {
    throw errorFromResponse(
      context,
      { ...result.response, status: 502 },
      'Platformly listed the custom fields in an unexpected shape.',
    );
  }
  return parsed.data.map((field) => ({
    ref: `cf_${field.alias}_${field.id}`,
    names: [field.name, field.alias],
  }));
}

async function customFieldValues(
  context: ClientContext<PlatformlyCredentials>,
  projectId: string,
  lead: SubscriberLead,
) {
  return resolveMappedFields(lead.fields, {
    cacheKey: context.connectionId ? `platformly:${context.connectionId}:${projectId}` : null,
    now: context.now(),
    load: () => listCustomFields(context, context.credentials.apiKey, projectId),
    asTyped: (typed) => (CUSTOM_FIELD_KEY.test(typed) ? typed : null),
  });
}

async function findContact(context: Context, apiKey: string, email: string): Promise<string | null> {
  const result = await rpc(context, apiKey, 'fetch_contact', { email });
  if (!result.ok && NOT_FOUND.test(result.message)) return null;
  const data = successOf(result, 'Platformly could not look the contact up');
  const contact = contactSchema.safeParse((data as { data?: unknown } | null)?.data ?? data);
  if (!contact.success) {
    throw errorFromResponse(
      context,
      { ...result.response, status: 502 },
      'Platformly answered the contact lookup in an unexpected shape.',
    );
  }
  return contact.data.id;
}

export const platformlyClient: ApiKeyClient<PlatformlyCredentials> = {
  service: 'platformly',
  auth: 'apikey',
  credentialsSchema,

  async connect(context, input) {
    const apiKey = requiredCredential(input.apiKey, 'apiKey', 'Please enter your Platformly API key.');
    await refusalFlagsField(
      async () =>
        successOf(await rpc(context, apiKey, 'profile', {}), 'Platformly could not read the account profile'),
      (error) => error.kind === 'unauthorized',
      'apiKey',
      'Platformly did not accept this API key. Copy it from Settings > API Docs & Keys in your Platformly account.',
    );
    return { apiKey };
  },

  async checkStatus(context: ClientContext<PlatformlyCredentials>) {
    successOf(
      await rpc(context, context.credentials.apiKey, 'profile', {}),
      'Platformly could not read the account profile',
    );
  },

  async listTargets(context) {
    const { apiKey } = context.credentials;
    const targets: Target[] = [];
    for (const project of await listProjects(context, apiKey)) {
      targets.push({ id: `project:${project.id}`, displayName: `Project: ${project.name}` });
      for (const segment of await listPaged(context, apiKey, 'list_segments', project.id)) {
        targets.push({
          id: `segment:${project.id}:${segment.id}`,
          displayName: `${project.name} / ${segment.name}`,
        });
      }
    }
    return targets;
  },

  async subscribe(context, targetId, lead: SubscriberLead) {
    const { projectId, segmentId } = parseTargetId(targetId);
    const { apiKey } = context.credentials;
    const email = lead.email.trim();
    const tagIds = await existingTagIds(context, apiKey, projectId, lead.tags);
    const contact: Record<string, unknown> = { project_id: projectId, email };
    if (lead.name?.trim()) contact.first_name = lead.name.trim();
    if (segmentId) contact.segment = segmentId;
    if (tagIds.length > 0) contact.tag = tagIds.join(',');
    const fields = await customFieldValues(context, projectId, lead);
    for (const { ref, value } of fields.values) contact[ref] = value;
    const refusal = 'Platformly refused the contact';
    // Whether add_contact refuses or merges an existing address is unconfirmed: look it up first.
    const existing = await findContact(context, apiKey, email);
    let result = await rpc(context, apiKey, existing ? 'update_contact' : 'add_contact', contact);
    if (!existing && !result.ok && ALREADY_EXISTS.test(result.message)) {
      // Added meanwhile by another delivery: update it instead.
      result = await rpc(context, apiKey, 'update_contact', contact);
    }
    successOf(result, refusal);
    return {
      statusCode: result.response.status,
      responseExcerpt: excerpt(result.response.bodyText),
      notes: unknownFieldsNote('Platformly', fields.unknown),
    };
  },
};
