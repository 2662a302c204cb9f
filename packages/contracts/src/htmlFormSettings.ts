import { z } from 'zod';

/*
 * A pasted HTML form as a quiz keeps its copy: the form's fields as parsed, and how a lead fills them (name,
 * email, and each checkbox's choice).
 */

const shortText = z.string().max(500);
const url = z.string().max(2048);

export const htmlFormFieldSchema = z.object({
  name: shortText,
  type: shortText,
  value: shortText,
  label: shortText,
  /**
   * Radio buttons and checkboxes: whether the markup checks it. Absent on forms parsed before it was read,
   * where a radio group falls back to its first button.
   */
  checked: z.boolean().optional(),
});
export type HtmlFormField = z.infer<typeof htmlFormFieldSchema>;

export const htmlFormDataSchema = z.object({
  method: z.enum(['get', 'post']),
  action: url,
  fields: z.array(htmlFormFieldSchema).max(100),
  submit: z.object({ name: shortText, value: shortText }),
});
export type HtmlFormData = z.infer<typeof htmlFormDataSchema>;

/**
 * What a lead sends for one of the form's checkboxes: nothing (`unticked`, the default, as a browser sends a
 * box nobody ticked), always its value (`ticked`), or its value when the visitor ticked the quiz's own
 * confirmation box (`consent`).
 */
export const checkboxChoiceSchema = z.enum(['unticked', 'ticked', 'consent']);
export type CheckboxChoice = z.infer<typeof checkboxChoiceSchema>;

/** A checkbox is known by its name and value: two boxes alike in both submit the same. */
export const checkboxMappingSchema = z.object({
  name: shortText,
  value: shortText,
  choice: checkboxChoiceSchema,
});
export type CheckboxMapping = z.infer<typeof checkboxMappingSchema>;

export const htmlFormSettingsSchema = z.object({
  /** The account's HTML form this copy came from (so a form in use is not deleted); null for older quizzes. */
  htmlFormId: z.uuid().nullable().default(null),
  formData: htmlFormDataSchema.nullable(),
  fieldMappings: z.object({
    name: shortText.nullable(),
    email: shortText.nullable(),
    /** Checkboxes not listed here are left unticked. */
    checkboxes: z.array(checkboxMappingSchema).max(100).default([]),
  }),
});
export type HtmlFormSettings = z.infer<typeof htmlFormSettingsSchema>;
