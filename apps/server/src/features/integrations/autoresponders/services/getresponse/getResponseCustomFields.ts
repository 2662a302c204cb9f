import { z } from 'zod';
import type { ClientContext, SubscriberLead } from '../../autoresponderClient';
import { type ResolvedServiceFields, resolveMappedFields } from '../../mappedServiceFields';
import { isOk, LIST_RESPONSE_BYTES } from '../../serviceHttp';
import { type GetResponseCredentials, type GetResponseSession, getResponseError } from './getResponseApi';

/*
 * GetResponse takes custom field values by field id (`customFieldValues: [{customFieldId, value: [text]}]`),
 * and a field must exist first. The marketer may type the id or the field's name: names are looked up in
 * `GET /custom-fields`.
 */

const PAGE_SIZE = 1000;
/** A runaway TotalPages header never makes an endless loop. */
const MAX_PAGES = 20;
const customFieldsSchema = z.array(z.object({ customFieldId: z.string(), name: z.string() }).passthrough());

export type GetResponseFieldValue = { customFieldId: string; value: string[] };

async function listCustomFields(session: GetResponseSession, context: ClientContext<GetResponseCredentials>) {
  const fields: { ref: string; names: string[] }[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await session.request({
      url: `/custom-fields?page=${page}&perPage=${PAGE_SIZE}&fields=customFieldId,name`,
      maxResponseBytes: LIST_RESPONSE_BYTES,
    });
    if (!isOk(response))
      throw getResponseError(context, response, 'GetResponse did not list the custom fields');
    const parsed = customFieldsSchema.safeParse(response.body);
    if (!parsed.success) {
      throw getResponseError(
        context,
        { ...response, status: 502 },
        'GetResponse answered an unexpected custom field list',
      );
    }
    fields.push(...parsed.data.map((field) => ({ ref: field.customFieldId, names: [field.name] })));
    const totalPages = Number(response.headers.totalpages ?? page);
    if (parsed.data.length === 0 || !(page < totalPages)) break;
  }
  return fields;
}

/** The lead's mapped fields as GetResponse's custom field values, and the names it has no field for. */
export async function getResponseFieldValues(
  session: GetResponseSession,
  context: ClientContext<GetResponseCredentials>,
  lead: SubscriberLead,
): Promise<{ values: GetResponseFieldValue[]; unknown: ResolvedServiceFields['unknown'] }> {
  const resolved = await resolveMappedFields(lead.fields, {
    cacheKey: context.connectionId ? `getresponse:${context.connectionId}` : null,
    now: context.now(),
    load: () => listCustomFields(session, context),
  });
  return {
    values: resolved.values.map(({ ref, value }) => ({ customFieldId: ref, value: [value] })),
    unknown: resolved.unknown,
  };
}
