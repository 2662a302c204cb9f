import { z } from 'zod';
import type { ClientContext } from '../../autoresponderClient';
import { isOk, type ServiceResponse } from '../../serviceHttp';
import { type ActiveCampaignCredentials, activeCampaignRequest, deliveryFailure } from './activeCampaignApi';

/*
 * ActiveCampaign tags a contact by tag id: the tag is found with `GET /tags?search=` (which matches parts
 * of names, so only the exact name counts), created with `POST /tags` when missing, then attached.
 */

type Context = ClientContext<ActiveCampaignCredentials>;

const MAX_TAG_LENGTH = 255;
const tagsSchema = z.object({
  tags: z.array(z.object({ id: z.coerce.string(), tag: z.string() }).passthrough()),
});
const createdSchema = z.object({ tag: z.object({ id: z.coerce.string() }).passthrough() });

async function findTagId(context: Context, name: string): Promise<string | null> {
  const response = await activeCampaignRequest(context, context.credentials, {
    url: `/tags?${new URLSearchParams({ search: name, limit: '100' })}`,
  });
  if (!isOk(response))
    throw await deliveryFailure(context, response, 'ActiveCampaign could not look up the tags');
  const parsed = tagsSchema.safeParse(response.body);
  if (!parsed.success)
    throw await deliveryFailure(
      context,
      { ...response, status: 502 },
      'ActiveCampaign answered an unexpected tag list',
    );
  return parsed.data.tags.find((tag) => tag.tag.toLowerCase() === name.toLowerCase())?.id ?? null;
}

async function tagId(context: Context, name: string): Promise<string | null> {
  const existing = await findTagId(context, name);
  if (existing) return existing;
  const created = await activeCampaignRequest(context, context.credentials, {
    url: '/tags',
    method: 'POST',
    json: { tag: { tag: name, tagType: 'contact', description: 'Added by Quizbeam' } },
  });
  const parsed = createdSchema.safeParse(created.body);
  if (isOk(created) && parsed.success) return parsed.data.tag.id;
  const error = await deliveryFailure(
    context,
    isOk(created) ? { ...created, status: 502 } : created,
    `ActiveCampaign refused the tag ${name}`,
  );
  if (error.kind !== 'permanent') throw error;
  // Refused, perhaps because another delivery made it meanwhile; a tag that cannot be had never costs the lead.
  return findTagId(context, name);
}

/** Attaches one tag (by name) to the contact; the answer, or null when the tag was skipped. */
export async function tagActiveCampaignContact(
  context: Context,
  contactId: string,
  tagName: string,
): Promise<ServiceResponse | null> {
  const name = tagName.trim().slice(0, MAX_TAG_LENGTH);
  if (name === '') return null;
  const id = await tagId(context, name);
  if (!id) return null;
  const response = await activeCampaignRequest(context, context.credentials, {
    url: '/contactTags',
    method: 'POST',
    json: { contactTag: { contact: contactId, tag: id } },
  });
  if (isOk(response)) return response;
  // [UNCONFIRMED] a tag the contact already has may answer 422: it is there, which is all a repeat needs.
  if (response.status === 422) return null;
  throw await deliveryFailure(context, response, `ActiveCampaign did not tag the contact with ${name}`);
}
