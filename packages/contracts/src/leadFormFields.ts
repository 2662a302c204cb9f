import { z } from 'zod';

/*
 * The capture form's fields beyond name and email: phone, company, website and the marketer's own (text, a
 * choice list, a checkbox), in the marketer's order, each required or optional, and where the form appears.
 */

export const MAX_LEAD_FORM_FIELDS = 20;
export const MAX_FIELD_CHOICES = 50;
export const LEAD_FIELD_VALUE_MAX_LENGTH = 500;
export const LEAD_FIELD_LABEL_MAX_LENGTH = 200;
export const LEAD_FIELD_CHOICE_MAX_LENGTH = 100;
export const LEAD_FIELD_KEY_MAX_LENGTH = 40;
export const LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH = 100;
export const LEAD_FIELD_HTML_FORM_FIELD_MAX_LENGTH = 500;

export const leadFieldKinds = ['phone', 'company', 'website', 'text', 'choice', 'checkbox'] as const;
export const leadFieldKindSchema = z.enum(leadFieldKinds);
export type LeadFieldKind = z.infer<typeof leadFieldKindSchema>;

export const LEAD_FIELD_LABEL_REQUIRED_TEXT = 'Please enter a label for this field.';
export const LEAD_FIELD_KEY_FORMAT_TEXT =
  'Use lowercase letters, digits and underscores, starting with a letter.';
export const DUPLICATE_LEAD_FIELD_KEY_TEXT = 'Another field has this key.';
/** The form's own fields: a payload already names their values so. */
export const RESERVED_LEAD_FIELD_KEYS: readonly string[] = ['name', 'email'];
export const RESERVED_LEAD_FIELD_KEY_TEXT = 'This key is taken by the form’s own name or email field.';
export const LEAD_FIELD_CHOICES_REQUIRED_TEXT = 'Add at least one choice.';
export const DUPLICATE_LEAD_FIELD_CHOICE_TEXT = 'This choice is listed twice.';

/** 'f' and a number from the quiz's child id counter, so an id is never handed out twice. */
const leadFieldIdSchema = z.string().regex(/^f[0-9]{1,10}$/);

/** A field's key: how payloads (webhooks, Zapier) name its value; letters, digits and underscores. */
export const leadFieldKeySchema = z
  .string()
  .regex(new RegExp(`^[a-z][a-z0-9_]{0,${LEAD_FIELD_KEY_MAX_LENGTH - 1}}$`), LEAD_FIELD_KEY_FORMAT_TEXT);

export const leadFormFieldSchema = z.object({
  /** Stable id within the quiz (e.g. 'f3'), never reused; values and mappings refer to it. */
  id: leadFieldIdSchema,
  kind: leadFieldKindSchema,
  label: z.string().trim().min(1, LEAD_FIELD_LABEL_REQUIRED_TEXT).max(LEAD_FIELD_LABEL_MAX_LENGTH),
  key: leadFieldKeySchema,
  required: z.boolean(),
  /** choice: the options a visitor picks one of. */
  choices: z
    .array(z.string().trim().min(1).max(LEAD_FIELD_CHOICE_MAX_LENGTH))
    .max(MAX_FIELD_CHOICES)
    .optional(),
  /** The email service's merge or custom field this value goes to (empty: not sent). */
  serviceField: z.string().trim().max(LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH).optional(),
  /** The pasted HTML form's field this value fills (empty: not sent). */
  htmlFormField: z.string().max(LEAD_FIELD_HTML_FORM_FIELD_MAX_LENGTH).optional(),
});
export type LeadFormField = z.infer<typeof leadFormFieldSchema>;

/** Where the capture form appears: before the results (the default), before the first question, or after a question. */
export const leadFormPlacementSchema = z.discriminatedUnion('at', [
  z.object({ at: z.literal('before_results') }),
  z.object({ at: z.literal('before_questions') }),
  z.object({ at: z.literal('after_question'), questionId: z.number().int().min(1) }),
]);
export type LeadFormPlacement = z.infer<typeof leadFormPlacementSchema>;

export type LeadFieldProblem = { path: (string | number)[]; message: string };

/**
 * What is wrong with the form's fields, each with its path in the list: the schema refuses such a list (a 400
 * naming the field) and the editor shows the same texts beside the field. (A missing label is the field
 * schema's own refusal.)
 */
export function leadFieldProblems(fields: readonly LeadFormField[]): LeadFieldProblem[] {
  const problems: LeadFieldProblem[] = [];
  const ids = new Set<string>();
  const keys = new Set<string>();
  fields.forEach((field, index) => {
    if (ids.has(field.id)) problems.push({ path: [index, 'id'], message: 'This id is used twice.' });
    if (RESERVED_LEAD_FIELD_KEYS.includes(field.key))
      problems.push({ path: [index, 'key'], message: RESERVED_LEAD_FIELD_KEY_TEXT });
    else if (keys.has(field.key))
      problems.push({ path: [index, 'key'], message: DUPLICATE_LEAD_FIELD_KEY_TEXT });
    if (field.kind === 'choice') {
      const choices = (field.choices ?? []).map((choice) => choice.trim());
      if (choices.length === 0)
        problems.push({ path: [index, 'choices'], message: LEAD_FIELD_CHOICES_REQUIRED_TEXT });
      choices.forEach((choice, c) => {
        if (choices.indexOf(choice) !== c)
          problems.push({ path: [index, 'choices', c], message: DUPLICATE_LEAD_FIELD_CHOICE_TEXT });
      });
    }
    ids.add(field.id);
    keys.add(field.key);
  });
  return problems;
}

export const leadFormFieldsSchema = z
  .array(leadFormFieldSchema)
  .max(MAX_LEAD_FORM_FIELDS)
  .superRefine((fields, context) => {
    for (const problem of leadFieldProblems(fields))
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** What a visitor sends for the fields: by field id, a text or (checkbox) a boolean. */
export const leadFieldValuesSchema = z
  .record(leadFieldIdSchema, z.union([z.string().max(LEAD_FIELD_VALUE_MAX_LENGTH), z.boolean()]))
  .refine((values) => Object.keys(values).length <= MAX_LEAD_FORM_FIELDS, 'Too many fields.');
export type LeadFieldValues = z.infer<typeof leadFieldValuesSchema>;

/**
 * One field's value as a lead keeps it (`leads.fields`, by field id): with the key, label and kind the field
 * had then, so the lead still reads right after the quiz's fields change. A phone is in E.164, a website
 * starts with http(s)://, a checkbox is true or false.
 */
export const storedLeadFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: leadFieldKindSchema,
  value: z.union([z.string(), z.boolean()]),
});
export type StoredLeadField = z.infer<typeof storedLeadFieldSchema>;

export const storedLeadFieldsSchema = z.record(z.string(), storedLeadFieldSchema);
export type StoredLeadFields = z.infer<typeof storedLeadFieldsSchema>;
