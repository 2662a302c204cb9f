import { z } from 'zod';
import type { ClientContext, SubscriberLead } from '../../autoresponderClient';
import { type ResolvedServiceFields, resolveMappedFields } from '../../mappedServiceFields';
import { isOk, LIST_RESPONSE_BYTES } from '../../serviceHttp';
import { type ActiveCampaignCredentials, activeCampaignRequest, deliveryFailure } from './activeCampaignApi';

/*
 * ActiveCampaign takes custom field values by field id (`fieldValues: [{field, value}]`). The marketer may
 * type the id, the field's title or its personalisation tag (`COMPANY` or `%COMPANY%`): `GET /fields`
 * lists them all (limit/offset paging, `meta.total`).
 */

type Context = ClientContext<ActiveCampaignCredentials>;

const PAGE_SIZE = 100;
const MAX_PAGES = 50;
const fieldsSchema = z.object({
  fields: z.array(
    z
      .object({ id: z.coerce.string(), title: z.string().nullish(), perstag: z.string().nullish() })
      .passthrough(),
  ),
  meta: z.object({ total: z.coerce.number() }).passthrough().optional(),
});

async function listFields(context: Context) {
  const fields: { ref: string; names: string[] }[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const offset = page * PAGE_SIZE;
    const response = await activeCampaignRequest(context, context.credentials, {
      url: `/fields?limit=${PAGE_SIZE}&offset=${offset}`,
      maxResponseBytes: LIST_RESPONSE_BYTES,
    });
    if (!isOk(response))
      throw await deliveryFailure(context, response, 'ActiveCampaign did not list the custom fields');
    const parsed = fieldsSchema.safeParse(response.body);
    if (!parsed.success) {
      throw await deliveryFailure(
        context,
        { ...response, status: 502 },
        'ActiveCampaign answered an unexpected custom field list',
      );
    }
    for (const field of parsed.data.fields) {
      const tag = field.perstag?.trim();
      const names = [field.title?.trim(), tag, tag ? `%${tag}%` : undefined];
      fields.push({ ref: field.id, names: names.filter((name): name is string => Boolean(name)) });
    }
    const total = parsed.data.meta?.total ?? 0;
    if (parsed.data.fields.length === 0 || offset + parsed.data.fields.length >= total) break;
  }
  return fields;
}

/** The lead's mapped fields as ActiveCampaign's `fieldValues`, and what names no field on the account. */
export async function activeCampaignFieldValues(
  context: Context,
  lead: SubscriberLead,
): Promise<{ values: { field: string; value: string }[]; unknown: ResolvedServiceFields['unknown'] }> {
  const resolved = await resolveMappedFields(lead.fields, {
    cacheKey: context.connectionId ? `activecampaign:${context.connectionId}` : null,
    now: context.now(),
    load: () => listFields(context),
  });
  return {
    values: resolved.values.map(({ ref, value }) => ({ field: ref, value })),
    unknown: resolved.unknown,
  };
}
