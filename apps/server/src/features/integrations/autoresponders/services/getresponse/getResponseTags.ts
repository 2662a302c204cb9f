import { z } from 'zod';
import type { ConnectContext } from '../../autoresponderClient';
import { isOk } from '../../serviceHttp';
import { type GetResponseSession, getResponseError } from './getResponseApi';

/*
 * GetResponse tags a contact by tag id, and a tag's name allows only `[_a-zA-Z0-9]{2,64}` (the API refuses
 * any other), so `quiz: Pet Quiz` becomes `quiz_Pet_Quiz`; missing tags are created by name first.
 */

const TAG_NAME_PATTERN = /^[_a-zA-Z0-9]{2,64}$/;
const tagsSchema = z.array(z.object({ tagId: z.string(), name: z.string() }).passthrough());
const createdTagSchema = z.object({ tagId: z.string() }).passthrough();

/** The tag name GetResponse accepts for one of ours, or null when nothing usable is left. */
export function getResponseTagName(tag: string): string | null {
  const name = tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
  return TAG_NAME_PATTERN.test(name) ? name : null;
}

async function findTagId(session: GetResponseSession, context: Pick<ConnectContext, 'now'>, name: string) {
  const query = new URLSearchParams({ 'query[name]': name, perPage: '1000' });
  const response = await session.request({ url: `/tags?${query}` });
  if (!isOk(response)) throw getResponseError(context, response, 'GetResponse could not look up the tags');
  const tags = tagsSchema.safeParse(response.body);
  if (!tags.success)
    throw getResponseError(
      context,
      { ...response, status: 502 },
      'GetResponse answered an unexpected tag list',
    );
  // query[name] matches parts of names: only the exact one will do.
  return tags.data.find((tag) => tag.name.toLowerCase() === name.toLowerCase())?.tagId ?? null;
}

async function tagId(session: GetResponseSession, context: Pick<ConnectContext, 'now'>, name: string) {
  const existing = await findTagId(session, context, name);
  if (existing) return existing;
  const created = await session.request({ url: '/tags', method: 'POST', json: { name } });
  if (isOk(created)) {
    const parsed = createdTagSchema.safeParse(created.body);
    if (parsed.success) return parsed.data.tagId;
    throw getResponseError(context, { ...created, status: 502 }, 'GetResponse answered an unexpected tag');
  }
  // Made meanwhile by another delivery: take that one.
  if (created.status === 409) return findTagId(session, context, name);
  const error = getResponseError(context, created, `GetResponse refused the tag ${name}`);
  if (error.kind !== 'permanent') throw error;
  // A tag GetResponse will not take never costs the lead its delivery.
  return null;
}

/** The ids of the lead's tags on the account, created where missing. */
export async function resolveGetResponseTagIds(
  session: GetResponseSession,
  context: Pick<ConnectContext, 'now'>,
  tags: string[],
): Promise<string[]> {
  const names = [...new Set(tags.map(getResponseTagName).filter((name): name is string => name !== null))];
  const ids: string[] = [];
  for (const name of names) {
    const id = await tagId(session, context, name);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
