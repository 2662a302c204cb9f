import {
  type LeadFieldKind,
  type LeadFormField,
  type StoredLeadFields,
  storedLeadFieldsSchema,
} from '@quizbeam/contracts/leadFormFields';
import {
  leadFieldValuesByKey,
  mappedLeadFieldValues,
  orderedLeadFieldValues,
} from '../publishedSite/leadFormValues';

/** A value a field of the capture form took, mapped to a destination's own field name. */
export interface MappedLeadField {
  name: string;
  value: string | boolean;
  kind: LeadFieldKind;
}

/** What destinations learn of the capture form's own fields (phone, company, custom ones) of one lead. */
export interface LeadFieldsForDelivery {
  /** In the form's order, with the key, label and kind the field had when the lead was stored. */
  list: { key: string; label: string; kind: LeadFieldKind; value: string | boolean }[];
  /** Webhooks and Zapier: each value under the field's key. */
  byKey: Record<string, string | boolean>;
  /** The email service's merge or custom fields the marketer mapped the fields to. */
  service: MappedLeadField[];
  /** The pasted HTML form's fields the marketer mapped the fields to. */
  htmlForm: MappedLeadField[];
  /** The first phone field's value (E.164), for a service's own phone field; null without one. */
  phone: string | null;
}

const storedFieldsOrNone = storedLeadFieldsSchema.catch({});

/** `leads.fields` as stored values; a row that does not read as such has none (it never fails the lead). */
export const storedLeadFields = (stored: unknown): StoredLeadFields => storedFieldsOrNone.parse(stored);

/** How a value reads in the Leads tab and its CSV: a checkbox as Yes or No. */
export const leadFieldDisplay = (value: string | boolean): string =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;

/** A lead's stored field values for its destinations, mapped as `formFields` (its version's fields) say. */
export function leadFieldsForDelivery(
  stored: unknown,
  formFields: readonly LeadFormField[],
): LeadFieldsForDelivery {
  const values = storedLeadFields(stored);
  const list = orderedLeadFieldValues(values, formFields).map(({ key, label, kind, value }) => ({
    key,
    label,
    kind,
    value,
  }));
  const phone = list.find((field) => field.kind === 'phone' && typeof field.value === 'string')?.value;
  return {
    list,
    byKey: leadFieldValuesByKey(values, formFields),
    service: mappedLeadFieldValues(values, formFields, 'serviceField'),
    htmlForm: mappedLeadFieldValues(values, formFields, 'htmlFormField'),
    phone: typeof phone === 'string' ? phone : null,
  };
}

export const NO_LEAD_FIELDS: LeadFieldsForDelivery = {
  list: [],
  byKey: {},
  service: [],
  htmlForm: [],
  phone: null,
};
