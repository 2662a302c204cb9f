import type { SubscriberLead } from './autoresponderClient';

/*
 * Services that address a custom field by an id the marketer cannot easily see (GetResponse, ActiveCampaign,
 * Platformly) let the capture form name the field as the marketer knows it: each field on the account is
 * known by its id and a few names (title, personalisation tag, alias), any of which may be typed.
 */

/** A custom field on the service: what the request names it by, and every name a marketer may type for it. */
export interface KnownServiceField {
  /** How the service's request addresses the field (an id, or Platformly's `cf_{alias}_{id}` key). */
  ref: string;
  /** Matched without regard to case or surrounding spaces; `ref` itself always matches. */
  names: string[];
}

export interface ResolvedServiceFields {
  values: { ref: string; value: string }[];
  /** What the marketer typed that names no field on the service: sent without it, said in the delivery log. */
  unknown: string[];
}

/** The account's fields change rarely: a few minutes spares a lookup per lead without hiding a new field for long. */
const DIRECTORY_TTL_MS = 5 * 60_000;
const directories = new Map<string, { loadedAt: number; fields: KnownServiceField[] }>();

const normal = (name: string) => name.trim().toLowerCase();

function matcher(fields: KnownServiceField[]) {
  const byName = new Map<string, string>();
  for (const field of fields) {
    for (const name of field.names) if (!byName.has(normal(name))) byName.set(normal(name), field.ref);
  }
  // An id or key typed as it is wins over another field that happens to be named so.
  for (const field of fields) byName.set(normal(field.ref), field.ref);
  return (typed: string) => byName.get(normal(typed)) ?? null;
}

/**
 * The lead's mapped fields as the service addresses them. `cacheKey` (connection and scope) keeps the
 * account's field list for a few minutes; a name it lacks has the list read again once, since the marketer
 * may have just created the field. `asTyped` passes a reference the service takes as it is without a lookup.
 */
export async function resolveMappedFields(
  fields: SubscriberLead['fields'],
  options: {
    cacheKey: string | null;
    now: Date;
    load: () => Promise<KnownServiceField[]>;
    asTyped?: (typed: string) => string | null;
  },
): Promise<ResolvedServiceFields> {
  const mapped = (fields ?? []).filter((field) => field.name.trim() !== '');
  const values: ResolvedServiceFields['values'] = [];
  const pending: { name: string; value: string }[] = [];
  for (const field of mapped) {
    const direct = options.asTyped?.(field.name.trim()) ?? null;
    if (direct) values.push({ ref: direct, value: field.value });
    else pending.push(field);
  }
  if (pending.length === 0) return { values, unknown: [] };

  const cached = options.cacheKey ? directories.get(options.cacheKey) : undefined;
  const fresh = cached && options.now.getTime() - cached.loadedAt < DIRECTORY_TTL_MS ? cached : undefined;
  const reload = async () => {
    const loaded = await options.load();
    if (options.cacheKey)
      directories.set(options.cacheKey, { loadedAt: options.now.getTime(), fields: loaded });
    return loaded;
  };
  let find = matcher(fresh ? fresh.fields : await reload());
  if (fresh && pending.some((field) => find(field.name) === null)) find = matcher(await reload());

  const unknown: string[] = [];
  for (const field of pending) {
    const ref = find(field.name);
    if (ref) values.push({ ref, value: field.value });
    else unknown.push(field.name.trim());
  }
  // One value per field: the last mapping of a field wins, as it would on the service.
  const byRef = new Map(values.map((item) => [item.ref, item.value]));
  return { values: [...byRef].map(([ref, value]) => ({ ref, value })), unknown };
}

/** The delivery log's note for fields that were left out. */
export const unknownFieldsNote = (service: string, unknown: string[]): string[] =>
  unknown.length === 0
    ? []
    : [
        `${service} has no custom field named ${unknown.map((name) => `"${name.slice(0, 100)}"`).join(', ')}: the lead was sent without ${unknown.length === 1 ? 'it' : 'them'}.`,
      ];
