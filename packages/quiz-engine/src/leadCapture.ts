import type {
  CheckboxChoice,
  HtmlFormData,
  HtmlFormField,
  HtmlFormSettings,
} from '@quizbeam/contracts/htmlFormSettings';
import {
  LEAD_FIELD_CHOICE_MAX_LENGTH,
  LEAD_FIELD_HTML_FORM_FIELD_MAX_LENGTH,
  LEAD_FIELD_KEY_MAX_LENGTH,
  LEAD_FIELD_LABEL_MAX_LENGTH,
  LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH,
  type LeadFieldKind,
  type LeadFormField,
  type LeadFormPlacement,
  MAX_FIELD_CHOICES,
  MAX_LEAD_FORM_FIELDS,
  RESERVED_LEAD_FIELD_KEYS,
} from '@quizbeam/contracts/leadFormFields';
import type { LeadCaptureSettings, OutcomeLeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS, PLACED_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { takeId } from './ids';
import { withOutcome } from './lookup';
import { moveToIndex } from './ranks';

export type LeadCapturePatch = Partial<LeadCaptureSettings>;
export type OutcomeLeadCapturePatch = Partial<OutcomeLeadCaptureSettings>;
/** The fields a lead fills in from what the visitor typed. */
export type MappedField = 'name' | 'email';

function patched<Settings extends object>(settings: Settings, patch: Partial<Settings>): Settings {
  const defined = Object.entries(patch).filter(([, value]) => value !== undefined);
  return defined.length === 0 ? settings : { ...settings, ...Object.fromEntries(defined) };
}

/** The quiz with its capture form settings patched; undefined values are ignored. */
export function updateLeadCaptureSettings(quiz: Quiz, patch: LeadCapturePatch): Quiz {
  const settings = patched(quiz.leadCaptureSettings, patch);
  return settings === quiz.leadCaptureSettings ? quiz : { ...quiz, leadCaptureSettings: settings };
}

/** The quiz with one outcome's own capture settings (Segment by Outcome) patched. Unknown id: same quiz. */
export function updateOutcomeLeadCaptureSettings(
  quiz: Quiz,
  outcomeId: number,
  patch: OutcomeLeadCapturePatch,
): Quiz {
  return withOutcome(quiz, outcomeId, (outcome) => {
    const settings = patched(outcome.leadCaptureSettings, patch);
    return settings === outcome.leadCaptureSettings ? outcome : { ...outcome, leadCaptureSettings: settings };
  });
}

// Fields a visitor never types into cannot carry a name or an email address.
const UNTYPED_FIELD_TYPES = new Set([
  'hidden',
  'submit',
  'button',
  'reset',
  'image',
  'checkbox',
  'radio',
  'file',
]);
const compact = (fieldName: string) => fieldName.toLowerCase().replace(/[^a-z]/g, '');

/** Lower is better; null when the field does not look like a visitor's name. */
function nameFieldRank(fieldName: string): number | null {
  const name = compact(fieldName);
  if (!name.includes('name')) return null;
  if (/last|surname|^lname$|user|company|business|organi/.test(name)) return null;
  if (name === 'name' || name === 'fullname' || name === 'yourname') return 0;
  if (name.includes('full')) return 1;
  if (name.includes('first') || name === 'fname') return 2;
  return 3;
}

/**
 * The mapping a freshly chosen form starts with: email is the first email-typed field, else the first whose
 * name contains "email"; name is the field called name, else full name, else first name, else any other
 * field whose name contains "name" (never a last name); null where nothing fits.
 */
export function guessFieldMappings(data: HtmlFormData): HtmlFormSettings['fieldMappings'] {
  const typed = data.fields.filter((field) => !UNTYPED_FIELD_TYPES.has(field.type.toLowerCase()));
  const email =
    typed.find((field) => field.type.toLowerCase() === 'email') ??
    typed.find((field) => compact(field.name).includes('email'));
  let name: string | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const field of typed) {
    if (field === email) continue;
    const rank = nameFieldRank(field.name);
    if (rank !== null && rank < bestRank) {
      name = field.name;
      bestRank = rank;
    }
  }
  return { name, email: email?.name ?? null, checkboxes: [] };
}

/** The settings for leads sent to one of the account's forms: a copy of its data and a guessed mapping. */
export function htmlFormSettingsFor(form: { id: string; data: HtmlFormData }): HtmlFormSettings {
  return {
    htmlFormId: form.id,
    formData: structuredClone(form.data),
    fieldMappings: guessFieldMappings(form.data),
  };
}

/** The settings with one field mapped to another of the form's fields, or to none (null). */
export function withFieldMapping(
  settings: HtmlFormSettings,
  field: MappedField,
  formFieldName: string | null,
): HtmlFormSettings {
  return { ...settings, fieldMappings: { ...settings.fieldMappings, [field]: formFieldName } };
}

export const isCheckbox = (field: Pick<HtmlFormField, 'type'>) => field.type.toLowerCase() === 'checkbox';

/** What a lead sends for one of the form's checkboxes: the marketer's choice, else left unticked. */
export function checkboxChoiceOf(settings: HtmlFormSettings, field: Pick<HtmlFormField, 'name' | 'value'>) {
  const mapping = settings.fieldMappings.checkboxes.find(
    (candidate) => candidate.name === field.name && candidate.value === field.value,
  );
  return mapping?.choice ?? 'unticked';
}

/** The settings with the choice for one checkbox (known by its name and value) set. */
export function withCheckboxChoice(
  settings: HtmlFormSettings,
  field: Pick<HtmlFormField, 'name' | 'value'>,
  choice: CheckboxChoice,
): HtmlFormSettings {
  const others = settings.fieldMappings.checkboxes.filter(
    (candidate) => candidate.name !== field.name || candidate.value !== field.value,
  );
  return {
    ...settings,
    fieldMappings: {
      ...settings.fieldMappings,
      checkboxes: [...others, { name: field.name, value: field.value, choice }],
    },
  };
}

/** Chosen ids (webhooks, conversion APIs) with one added or removed, in the order they were chosen. */
export function withIdChosen(ids: readonly string[], changedId: string, chosen: boolean): string[] {
  const others = ids.filter((id) => id !== changedId);
  return chosen ? [...others, changedId] : others;
}

/*
 * The capture form's own fields beyond name and email. Labels and keys are stored as typed (the schema trims
 * a label on save and refuses an empty one or a key used twice), so the editor can show the problem where it
 * is rather than undo the marketer's typing.
 */

export const DEFAULT_LEAD_FIELD_LABELS: Record<LeadFieldKind, string> = {
  phone: 'Phone',
  company: 'Company',
  website: 'Website',
  text: 'Your answer',
  choice: 'Choose one',
  checkbox: 'I agree…',
};
export const DEFAULT_LEAD_FIELD_CHOICES: readonly string[] = ['Option 1', 'Option 2'];

const NO_FIELDS: LeadFormField[] = [];

/** The form's fields beyond name and email, in the order the visitor sees them. */
export const leadFormFields = (quiz: Quiz): LeadFormField[] => quiz.leadCaptureSettings.fields ?? NO_FIELDS;

function withFields(quiz: Quiz, fields: LeadFormField[]): Quiz {
  return { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, fields } };
}

/** A key as payloads may name it: lowercase ASCII letters, digits and underscores, from a letter on. */
function keyStem(label: string, kind: LeadFieldKind): string {
  const stem = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, LEAD_FIELD_KEY_MAX_LENGTH)
    .replace(/_+$/, '');
  return stem || kind;
}

/** The key derived from `label`: its stem, or the stem and the first free number ("phone_2"). */
export function leadFieldKeyFor(label: string, kind: LeadFieldKind, takenKeys: ReadonlySet<string>): string {
  const stem = keyStem(label, kind);
  const isFree = (key: string) => !takenKeys.has(key) && !RESERVED_LEAD_FIELD_KEYS.includes(key);
  if (isFree(stem)) return stem;
  for (let number = 2; ; number++) {
    const suffix = `_${number}`;
    const key = stem.slice(0, LEAD_FIELD_KEY_MAX_LENGTH - suffix.length) + suffix;
    if (isFree(key)) return key;
  }
}

const keysBesides = (fields: readonly LeadFormField[], fieldId: string | null) =>
  new Set(fields.filter((field) => field.id !== fieldId).map((field) => field.key));

/**
 * Appends a field of `kind` with the next child id ('f<n>'), its default label, a key derived from it and
 * (a choice list) two choices to rename; optional. At MAX_LEAD_FORM_FIELDS: the same quiz and no id.
 */
export function addLeadField(quiz: Quiz, kind: LeadFieldKind): { quiz: Quiz; fieldId: string | null } {
  const fields = leadFormFields(quiz);
  if (fields.length >= MAX_LEAD_FORM_FIELDS) return { quiz, fieldId: null };
  const { quiz: counted, id } = takeId(quiz);
  const label = DEFAULT_LEAD_FIELD_LABELS[kind];
  const field: LeadFormField = {
    id: `f${id}`,
    kind,
    label,
    key: leadFieldKeyFor(label, kind, keysBesides(fields, null)),
    required: false,
    ...(kind === 'choice' && { choices: [...DEFAULT_LEAD_FIELD_CHOICES] }),
  };
  return { quiz: withFields(counted, [...fields, field]), fieldId: field.id };
}

export type LeadFieldPatch = Partial<
  Pick<LeadFormField, 'label' | 'key' | 'required' | 'choices' | 'serviceField' | 'htmlFormField'>
>;

/** A typed key made storable as far as it can be without guessing: lowercase, spaces and dashes as '_'. */
const typedKey = (key: string) =>
  key
    .toLowerCase()
    .replace(/[\s-]/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, LEAD_FIELD_KEY_MAX_LENGTH);

/** Trimmed, without empty lines or repeats, each and the list cut to their limits. */
export function tidyLeadFieldChoices(choices: readonly string[]): string[] {
  const tidy = choices.map((choice) => choice.trim().slice(0, LEAD_FIELD_CHOICE_MAX_LENGTH)).filter(Boolean);
  return [...new Set(tidy)].slice(0, MAX_FIELD_CHOICES);
}

function patchedField(field: LeadFormField, patch: LeadFieldPatch, otherKeys: ReadonlySet<string>) {
  const next: LeadFormField = { ...field };
  if (patch.label !== undefined) {
    next.label = patch.label.slice(0, LEAD_FIELD_LABEL_MAX_LENGTH);
    // A key the marketer never changed follows the label, so "Your answer" renamed "Job title" says job_title.
    if (patch.key === undefined && field.key === leadFieldKeyFor(field.label, field.kind, otherKeys))
      next.key = leadFieldKeyFor(next.label, field.kind, otherKeys);
  }
  if (patch.key !== undefined) next.key = typedKey(patch.key);
  if (patch.required !== undefined) next.required = patch.required;
  if (patch.choices !== undefined && field.kind === 'choice')
    next.choices = tidyLeadFieldChoices(patch.choices);
  if (patch.serviceField !== undefined)
    next.serviceField = patch.serviceField.slice(0, LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH);
  if (patch.htmlFormField !== undefined)
    next.htmlFormField = patch.htmlFormField.slice(0, LEAD_FIELD_HTML_FORM_FIELD_MAX_LENGTH);
  const changed = (Object.keys(next) as (keyof LeadFormField)[]).some(
    (name) => JSON.stringify(next[name]) !== JSON.stringify(field[name]),
  );
  return changed ? next : field;
}

/**
 * The field patched: the label and key cut to length (a typed key lowercased, spaces as underscores), the
 * choices of a choice list tidied (see tidyLeadFieldChoices; other kinds have none). Unknown id or no change: the
 * same quiz.
 */
export function updateLeadField(quiz: Quiz, fieldId: string, patch: LeadFieldPatch): Quiz {
  const fields = leadFormFields(quiz);
  const index = fields.findIndex((field) => field.id === fieldId);
  const field = fields[index];
  if (!field) return quiz;
  const next = patchedField(field, patch, keysBesides(fields, fieldId));
  return next === field ? quiz : withFields(quiz, fields.with(index, next));
}

/** The quiz without the field (its id is not handed out again). Unknown id: the same quiz. */
export function removeLeadField(quiz: Quiz, fieldId: string): Quiz {
  const fields = leadFormFields(quiz);
  if (!fields.some((field) => field.id === fieldId)) return quiz;
  return withFields(
    quiz,
    fields.filter((field) => field.id !== fieldId),
  );
}

/** Moves the field to list position `toIndex` (0-based, clamped). Unknown id or same place: the same quiz. */
export function moveLeadField(quiz: Quiz, fieldId: string, toIndex: number): Quiz {
  const fields = leadFormFields(quiz);
  const fromIndex = fields.findIndex((field) => field.id === fieldId);
  if (fromIndex < 0) return quiz;
  const moved = moveToIndex(fields, fromIndex, toIndex);
  return moved.every((field, index) => field === fields[index]) ? quiz : withFields(quiz, moved);
}

const BEFORE_RESULTS: LeadFormPlacement = { at: 'before_results' };

const samePlacement = (a: LeadFormPlacement, b: LeadFormPlacement) =>
  a.at === b.at &&
  (a.at !== 'after_question' || (b.at === 'after_question' && a.questionId === b.questionId));

/**
 * Where the form appears, as the visitor gets it: before the results when the quiz says nothing, or when the
 * question it should follow is gone (a document from before the editor kept that in step).
 */
export function leadFormPlacementFor(quiz: Quiz): LeadFormPlacement {
  const placement = quiz.leadCaptureSettings.placement ?? BEFORE_RESULTS;
  if (placement.at !== 'after_question') return placement;
  return quiz.questions.some((question) => question.id === placement.questionId) ? placement : BEFORE_RESULTS;
}

/** The quiz with the form placed there. A question that is not in the quiz, or no change: the same quiz. */
export function setLeadFormPlacement(quiz: Quiz, placement: LeadFormPlacement): Quiz {
  if (
    placement.at === 'after_question' &&
    !quiz.questions.some((question) => question.id === placement.questionId)
  )
    return quiz;
  if (samePlacement(quiz.leadCaptureSettings.placement ?? BEFORE_RESULTS, placement)) return quiz;
  return { ...quiz, leadCaptureSettings: placedAt(quiz.leadCaptureSettings, placement) };
}

/**
 * The settings with the form moved. Default wording follows it ("You're All Done!" would greet a visitor who
 * has not started); what the marketer wrote stays.
 */
function placedAt(settings: LeadCaptureSettings, placement: LeadFormPlacement): LeadCaptureSettings {
  const was = defaultTextsAt((settings.placement ?? BEFORE_RESULTS).at);
  const becomes = defaultTextsAt(placement.at);
  const follow = (text: string, key: 'headerText' | 'descriptionText') =>
    text === was[key] ? becomes[key] : text;
  return {
    ...settings,
    placement: { ...placement },
    headerText: follow(settings.headerText, 'headerText'),
    descriptionText: follow(settings.descriptionText, 'descriptionText'),
  };
}

const defaultTextsAt = (at: LeadFormPlacement['at']): { headerText: string; descriptionText: string } =>
  at === 'before_results' ? DEFAULT_LEAD_CAPTURE_TEXTS : PLACED_LEAD_CAPTURE_TEXTS[at];

/**
 * For the editor after it removes a question: a form placed after that question goes back to before the
 * results (the schema refuses a placement after a question the quiz no longer has). Otherwise the same quiz.
 */
export function withLeadFormPlacementChecked(quiz: Quiz): Quiz {
  const placement = quiz.leadCaptureSettings.placement;
  if (!placement || samePlacement(placement, leadFormPlacementFor(quiz))) return quiz;
  return { ...quiz, leadCaptureSettings: placedAt(quiz.leadCaptureSettings, BEFORE_RESULTS) };
}
