import {
  type BrowserTracking,
  DUPLICATE_URL_FIELD_TEXT,
  NO_BROWSER_TRACKING,
  type QuizTracking,
  URL_FIELD_NAME_TEXT,
  type UrlField,
  urlFieldNameSchema,
  urlFieldsOf,
} from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';

/*
 * The Tracking tab's changes to the quiz document, as store actions. A quiz without `urlFields` keeps the
 * default parameters and one without `tracking` follows the account, so the first change writes the list
 * or the settings out in full and Reset to Defaults takes the list away again.
 */

/** A quiz's tracking settings, written out in full where it has none yet (it then follows the account). */
export const trackingOf = (tracking: QuizTracking | undefined): QuizTracking =>
  tracking ?? { useAccountDefaults: true, own: NO_BROWSER_TRACKING };

export const setUseAccountDefaults = (quiz: Quiz, useAccountDefaults: boolean): Quiz => ({
  ...quiz,
  // The quiz's own IDs stay while it follows the account, so turning it back off brings them back.
  tracking: { ...trackingOf(quiz.tracking), useAccountDefaults },
});

export function setOwnTracking(quiz: Quiz, patch: Partial<BrowserTracking>): Quiz {
  const tracking = trackingOf(quiz.tracking);
  return { ...quiz, tracking: { ...tracking, own: { ...tracking.own, ...patch } } };
}

export const addUrlField = (quiz: Quiz, name: string): Quiz => ({
  ...quiz,
  urlFields: [...urlFieldsOf(quiz), { name }],
});

export const removeUrlField = (quiz: Quiz, name: string): Quiz => ({
  ...quiz,
  urlFields: urlFieldsOf(quiz).filter((field) => field.name !== name),
});

export type UrlFieldMappingPatch = Pick<UrlField, 'serviceField' | 'htmlFormField'>;

/** Where a parameter's value goes (the mappings the patch names); an empty one is left out of the document. */
export function mapUrlField(quiz: Quiz, name: string, patch: UrlFieldMappingPatch): Quiz {
  const mapped = (field: UrlField): UrlField => {
    const next: UrlField = { ...field, ...patch };
    if (!next.serviceField) delete next.serviceField;
    if (!next.htmlFormField) delete next.htmlFormField;
    return next;
  };
  return {
    ...quiz,
    urlFields: urlFieldsOf(quiz).map((field) => (field.name === name ? mapped(field) : field)),
  };
}

export function resetUrlFields(quiz: Quiz): Quiz {
  if (quiz.urlFields === undefined) return quiz;
  const { urlFields: _removed, ...rest } = quiz;
  return rest;
}

/** Why `name` cannot be added to `fields` (the contracts' texts), or null when it can. */
export function newUrlFieldProblem(fields: readonly UrlField[], name: string): string | null {
  if (!urlFieldNameSchema.safeParse(name).success) return URL_FIELD_NAME_TEXT;
  if (fields.some((field) => field.name === name)) return DUPLICATE_URL_FIELD_TEXT;
  return null;
}
