import type { UrlField } from '@quizbeam/contracts/measurement';
import { DEFAULT_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { z } from 'zod';

/** The five UTM parameters: the Leads CSV's own columns, and a webhook's `utm`. */
export const UTM_URL_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
const utmNames: ReadonlySet<string> = new Set(UTM_URL_FIELDS);
export const isUtmUrlField = (name: string) => utmNames.has(name);

/** A URL field's value mapped to a destination's own field name. */
export interface MappedUrlField {
  name: string;
  value: string;
}

/** What destinations learn of a lead's URL fields (utm_source, gclid, ref…). */
export interface UrlFieldsForDelivery {
  /** Every kept value by name: the version's fields in its order, then any other in name order. */
  urlFields: Record<string, string>;
  mappedUrlFields: {
    /** The email service's merge or custom fields the version mapped them to. */
    service: MappedUrlField[];
    /** The pasted HTML form's fields the version mapped them to. */
    htmlForm: MappedUrlField[];
  };
}

/** `leads.url_fields` as stored: string values by name; anything else reads as none (never fails the lead). */
export function storedUrlFields(stored: unknown): Record<string, string> {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const cutNames = z.array(z.string()).catch([]);
/** `leads.url_fields_cut` as stored: the names whose values were cut to 500 characters. */
export const storedUrlFieldsCut = (stored: unknown): string[] => cutNames.parse(stored);

/** The values in the order of `names` (the quiz's fields), then any other name in name order. */
export function orderedUrlFields(
  values: Record<string, string>,
  names: readonly string[],
): Record<string, string> {
  const listed = new Set(names);
  const order = [
    ...new Set(names),
    ...Object.keys(values)
      .filter((name) => !listed.has(name))
      .sort(),
  ];
  return Object.fromEntries(
    order.flatMap((name) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/** utm_source … utm_content where the lead has them. */
export const utmOfUrlFields = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([name]) => isUtmUrlField(name)));

const urlFieldList = z
  .array(
    z.object({
      name: z.string(),
      serviceField: z.string().optional().catch(undefined),
      htmlFormField: z.string().optional().catch(undefined),
    }),
  )
  .nullish()
  .catch(null);

/**
 * A published version's URL fields with their mappings, read leniently from its document: a version that
 * lists none keeps the defaults, unmapped.
 */
export function snapshotUrlFields(stored: unknown): UrlField[] {
  return urlFieldList.parse(stored) ?? DEFAULT_URL_FIELDS.map((name) => ({ name }));
}

/** A lead's stored URL fields for its destinations, ordered and mapped as its version's `urlFields` say. */
export function urlFieldsForDelivery(stored: unknown, urlFields: readonly UrlField[]): UrlFieldsForDelivery {
  const values = orderedUrlFields(
    storedUrlFields(stored),
    urlFields.map((field) => field.name),
  );
  const mapped = (mapping: 'serviceField' | 'htmlFormField') =>
    urlFields.flatMap((field) => {
      const name = field[mapping]?.trim();
      const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
      return name && value ? [{ name, value }] : [];
    });
  return {
    urlFields: values,
    mappedUrlFields: { service: mapped('serviceField'), htmlForm: mapped('htmlFormField') },
  };
}

export const NO_MAPPED_URL_FIELDS: UrlFieldsForDelivery['mappedUrlFields'] = { service: [], htmlForm: [] };
