import type { Target } from '@quizbeam/contracts/integrations';
import { z } from 'zod';
import { excerpt } from '../../../../delivery/senders/classifyAttempt';
import { parseRetryAfter } from '../../../../delivery/senders/retryAfter';
import {
  type ApiKeyClient,
  type ClientContext,
  type ConnectContext,
  refusalFlagsField,
  requiredCredential,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import {
  errorFromResponse,
  expectJson,
  isOk,
  LIST_RESPONSE_BYTES,
  type ServiceRequest,
  type ServiceResponse,
  serviceRequest,
} from '../../serviceHttp';

/*
 * Kit (ConvertKit) API v3, authenticated by the account's API secret, which v3 accepts wherever it asks
 * for the public api_key: the connect form asks only for the secret. A lead goes to a form, a sequence or
 * a tag; its tags are resolved to tag ids (created when missing). Custom fields go only where the marketer
 * mapped a capture form field to one (`fields`, by the field's key): v3 wants them created beforehand and it
 * is unconfirmed whether it ignores or refuses unknown keys.
 */

const credentialsSchema = z.object({ apiSecret: z.string().min(1) });
export type ConvertKitCredentials = z.infer<typeof credentialsSchema>;

/** Kit's 429 carries no Retry-After; its limit is 120 requests per rolling 60 s, so a minute always clears it. */
const RATE_LIMIT_WAIT_MS = 60_000;

type TargetKind = 'form' | 'sequence' | 'tag';
const TARGET_PATHS: Record<TargetKind, string> = { form: 'forms', sequence: 'sequences', tag: 'tags' };

const namedItem = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
const formsSchema = z.object({
  forms: z.array(namedItem.extend({ type: z.string().nullish(), archived: z.boolean().nullish() })),
});
const sequencesSchema = z.object({ courses: z.array(namedItem) });
const tagsSchema = z.object({ tags: z.array(namedItem) });
const createdTagSchema = z.union([namedItem, z.object({ tag: namedItem }).transform((body) => body.tag)]);
const subscriptionSchema = z.object({ subscription: z.object({}).passthrough() });
const errorBodySchema = z.object({ error: z.string().nullish(), message: z.string().nullish() });

type Context = Pick<ConnectContext, 'http' | 'now' | 'settings'>;

/** What Kit said in its `{ error, message }` body, or nothing. */
function kitMessage(response: ServiceResponse): string | null {
  const parsed = errorBodySchema.safeParse(response.body);
  if (!parsed.success) return null;
  return parsed.data.message || parsed.data.error || null;
}

/** A failed answer as a ServiceError, with Kit's quirks: its 429 has no Retry-After. */
function kitError(context: Context, response: ServiceResponse, what: string): ServiceError {
  const said = kitMessage(response);
  if (response.status === 429) {
    return new ServiceError(
      'retryable',
      'ConvertKit is rate limiting requests; the lead will be sent again shortly.',
      {
        statusCode: 429,
        retryAfterMs:
          parseRetryAfter(response.headers['retry-after'], context.now().getTime()) ?? RATE_LIMIT_WAIT_MS,
        responseExcerpt: excerpt(response.bodyText),
      },
    );
  }
  if (response.status === 401) {
    return errorFromResponse(
      context,
      response,
      'ConvertKit no longer accepts the API secret: reconnect the integration.',
    );
  }
  return errorFromResponse(
    context,
    response,
    said ? `${what}: ${said}` : `${what} (HTTP ${response.status}).`,
  );
}

async function kitCall<T>(
  context: Context,
  request: ServiceRequest,
  schema: z.ZodType<T>,
  what: string,
): Promise<{ response: ServiceResponse; data: T }> {
  const response = await serviceRequest(context, request);
  if (!isOk(response)) throw kitError(context, response, what);
  const parsed = schema.safeParse(expectJson(context, response, what));
  if (!parsed.success) {
    throw errorFromResponse(
      context,
      { ...response, status: 502 },
      `${what}: ConvertKit answered in an unexpected shape.`,
    );
  }
  return { response, data: parsed.data };
}

const secretQuery = (secret: string) => `api_secret=${encodeURIComponent(secret)}`;

async function readAccount(context: Context, apiSecret: string): Promise<void> {
  await kitCall(
    context,
    { url: `${context.settings.apiUrl}/account?${secretQuery(apiSecret)}` },
    z.object({}).passthrough(),
    'ConvertKit could not confirm the account',
  );
}

async function listTags(context: Context, apiSecret: string) {
  const { data } = await kitCall(
    context,
    {
      url: `${context.settings.apiUrl}/tags?${secretQuery(apiSecret)}`,
      maxResponseBytes: LIST_RESPONSE_BYTES,
    },
    tagsSchema,
    'ConvertKit could not list the tags',
  );
  return data.tags;
}

async function createTag(context: Context, apiSecret: string, name: string): Promise<string> {
  try {
    const { data } = await kitCall(
      context,
      {
        url: `${context.settings.apiUrl}/tags`,
        method: 'POST',
        json: { api_secret: apiSecret, tag: { name } },
      },
      createdTagSchema,
      `ConvertKit could not create the tag "${name}"`,
    );
    return String(data.id);
  } catch (error) {
    // Another delivery may have created it meanwhile: Kit then refuses the name as taken.
    if (!(error instanceof ServiceError) || error.details.statusCode !== 422) throw error;
    const existing = (await listTags(context, apiSecret)).find(
      (tag) => tag.name.toLowerCase() === name.toLowerCase(),
    );
    if (!existing) throw error;
    return String(existing.id);
  }
}

/** The ids of the lead's tags, creating the ones the account does not have yet. */
async function resolveTagIds(context: Context, apiSecret: string, names: string[]): Promise<string[]> {
  const wanted = [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
  if (wanted.length === 0) return [];
  const known = new Map(
    (await listTags(context, apiSecret)).map((tag) => [tag.name.toLowerCase(), String(tag.id)]),
  );
  const ids: string[] = [];
  for (const name of wanted) {
    let id = known.get(name.toLowerCase());
    if (!id) {
      id = await createTag(context, apiSecret, name);
      known.set(name.toLowerCase(), id);
    }
    ids.push(id);
  }
  return ids;
}

/** Kit's ids are numbers; one that is not is passed on as it came. */
const asKitId = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);

function parseTargetId(targetId: string): { kind: TargetKind; id: string } {
  const match = /^(form|sequence|tag):(\d+)$/.exec(targetId);
  if (!match?.[1] || !match[2]) {
    throw new ServiceError('permanent', `"${targetId}" is not a ConvertKit form, sequence or tag.`);
  }
  return { kind: match[1] as TargetKind, id: match[2] };
}

async function subscribeTo(
  context: Context,
  apiSecret: string,
  target: { kind: TargetKind; id: string },
  body: Record<string, unknown>,
): Promise<ServiceResponse> {
  const url = `${context.settings.apiUrl}/${TARGET_PATHS[target.kind]}/${encodeURIComponent(target.id)}/subscribe`;
  const response = await serviceRequest(context, {
    url,
    method: 'POST',
    json: { api_secret: apiSecret, ...body },
  });
  if (response.status === 404) {
    throw new ServiceError(
      'permanent',
      `ConvertKit has no ${target.kind} ${target.id}: choose another target.`,
      {
        statusCode: 404,
        responseExcerpt: excerpt(response.bodyText),
      },
    );
  }
  if (!isOk(response)) throw kitError(context, response, 'ConvertKit refused the subscriber');
  const parsed = subscriptionSchema.safeParse(expectJson(context, response, 'ConvertKit subscribe'));
  if (!parsed.success) {
    throw errorFromResponse(
      context,
      { ...response, status: 502 },
      'ConvertKit answered the subscribe in an unexpected shape.',
    );
  }
  return response;
}

export const convertKitClient: ApiKeyClient<ConvertKitCredentials> = {
  service: 'convertkit',
  auth: 'apikey',
  credentialsSchema,

  async connect(context, input) {
    const apiSecret = requiredCredential(input.apiKey, 'apiKey', 'Please enter your ConvertKit API secret.');
    await refusalFlagsField(
      () => readAccount(context, apiSecret),
      (error) => error.kind === 'unauthorized' || error.details.statusCode === 403,
      'apiKey',
      'ConvertKit did not accept this API secret. Copy it from Settings > Advanced > API in your ConvertKit account.',
    );
    return { apiSecret };
  },

  async checkStatus(context: ClientContext<ConvertKitCredentials>) {
    await readAccount(context, context.credentials.apiSecret);
  },

  async listTargets(context) {
    const { apiSecret } = context.credentials;
    const list = (path: string) => ({
      url: `${context.settings.apiUrl}/${path}?${secretQuery(apiSecret)}`,
      maxResponseBytes: LIST_RESPONSE_BYTES,
    });
    // v3 answers these lists whole: it has no pagination for forms, sequences or tags.
    const forms = await kitCall(context, list('forms'), formsSchema, 'ConvertKit could not list the forms');
    const sequences = await kitCall(
      context,
      list('sequences'),
      sequencesSchema,
      'ConvertKit could not list the sequences',
    );
    const tags = await kitCall(context, list('tags'), tagsSchema, 'ConvertKit could not list the tags');
    const targets: Target[] = [];
    for (const form of forms.data.forms) {
      if (form.archived) continue;
      const label = form.type === 'hosted' ? 'Landing page' : 'Form';
      targets.push({ id: `form:${form.id}`, displayName: `${label}: ${form.name}` });
    }
    for (const sequence of sequences.data.courses) {
      targets.push({ id: `sequence:${sequence.id}`, displayName: `Sequence: ${sequence.name}` });
    }
    for (const tag of tags.data.tags) targets.push({ id: `tag:${tag.id}`, displayName: `Tag: ${tag.name}` });
    return targets;
  },

  async subscribe(context, targetId, lead: SubscriberLead) {
    const target = parseTargetId(targetId);
    const { apiSecret } = context.credentials;
    const tagIds = await resolveTagIds(context, apiSecret, lead.tags);
    const subscriber: Record<string, unknown> = { email: lead.email.trim() };
    if (lead.name?.trim()) subscriber.first_name = lead.name.trim();
    if (lead.fields?.length)
      subscriber.fields = Object.fromEntries(lead.fields.map((field) => [field.name, field.value]));
    let response: ServiceResponse;
    if (target.kind === 'tag') {
      // The tag subscribe call takes no `tags`: the lead's other tags are each a subscribe of their own
      // (Kit's subscribe is an upsert, so a retry repeats them harmlessly).
      response = await subscribeTo(context, apiSecret, target, subscriber);
      for (const tagId of tagIds.filter((id) => id !== target.id)) {
        response = await subscribeTo(
          context,
          apiSecret,
          { kind: 'tag', id: tagId },
          { email: subscriber.email },
        );
      }
    } else {
      response = await subscribeTo(context, apiSecret, target, { ...subscriber, tags: tagIds.map(asKitId) });
    }
    return { statusCode: response.status, responseExcerpt: excerpt(response.bodyText) };
  },
};
