import type {
  CheckboxChoice,
  HtmlFormData,
  HtmlFormField,
  HtmlFormSettings,
  LeadCaptureSettings,
  OutcomeLeadCaptureSettings,
  Quiz,
} from '@quizbeam/contracts/quiz';
import { withOutcome } from './lookup';

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

/** Webhook ids with one added or removed, in the order they were chosen. */
export function withWebhookChosen(
  webhookIds: readonly string[],
  webhookId: string,
  chosen: boolean,
): string[] {
  const others = webhookIds.filter((id) => id !== webhookId);
  return chosen ? [...others, webhookId] : others;
}
