import {
  type BrowserTracking,
  ga4MeasurementIdSchema,
  gtmContainerIdSchema,
  metaPixelIdSchema,
} from '@quizbeam/contracts/measurement';
import type { z } from 'zod';

/** The three tags a quiz turns on by ID alone. */
export type TagIdKey = 'gtmContainerId' | 'ga4MeasurementId' | 'metaPixelId';
export type TagIdTexts = Record<TagIdKey, string>;

interface TagIdField {
  key: TagIdKey;
  label: string;
  placeholder: string;
  schema: z.ZodType<string>;
  /** Google's IDs are upper case: typed in lower case they are still what the marketer meant. */
  upperCase: boolean;
}

export const TAG_ID_FIELDS: readonly TagIdField[] = [
  {
    key: 'gtmContainerId',
    label: 'Google Tag Manager container ID',
    placeholder: 'GTM-XXXXXXX',
    schema: gtmContainerIdSchema,
    upperCase: true,
  },
  {
    key: 'ga4MeasurementId',
    label: 'Google Analytics 4 measurement ID',
    placeholder: 'G-XXXXXXXXXX',
    schema: ga4MeasurementIdSchema,
    upperCase: true,
  },
  {
    key: 'metaPixelId',
    label: 'Meta Pixel ID',
    placeholder: '123456789012345',
    schema: metaPixelIdSchema,
    upperCase: false,
  },
];

export const tagIdKeys: readonly TagIdKey[] = TAG_ID_FIELDS.map((field) => field.key);

const fieldOf = (key: TagIdKey): TagIdField => {
  const field = TAG_ID_FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`No tag ID field ${key}`);
  return field;
};

export type CheckedTagId = { ok: true; value: string } | { ok: false; error: string };

/** The ID as it is stored ('' = the tag is off), or why the typed text is not one (the contracts' text). */
export function checkTagId(key: TagIdKey, text: string): CheckedTagId {
  const field = fieldOf(key);
  const trimmed = text.trim();
  const parsed = field.schema.safeParse(field.upperCase ? trimmed.toUpperCase() : trimmed);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'This ID is not valid.' };
}

export const tagIdTextsOf = (tracking: BrowserTracking): TagIdTexts => ({
  gtmContainerId: tracking.gtmContainerId,
  ga4MeasurementId: tracking.ga4MeasurementId,
  metaPixelId: tracking.metaPixelId,
});

/** Every typed ID as stored, or the errors of those that are not IDs. */
export function checkTagIds(
  texts: TagIdTexts,
): { ok: true; values: TagIdTexts } | { ok: false; errors: Partial<TagIdTexts> } {
  const values: Partial<TagIdTexts> = {};
  const errors: Partial<TagIdTexts> = {};
  for (const key of tagIdKeys) {
    const checked = checkTagId(key, texts[key]);
    if (checked.ok) values[key] = checked.value;
    else errors[key] = checked.error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: values as TagIdTexts };
}
