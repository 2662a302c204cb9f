import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_LEAD_FIELD_CHOICE_TEXT,
  DUPLICATE_LEAD_FIELD_KEY_TEXT,
  LEAD_FIELD_CHOICES_REQUIRED_TEXT,
  LEAD_FIELD_LABEL_REQUIRED_TEXT,
  LEAD_FIELD_VALUE_MAX_LENGTH,
  type LeadFormField,
  leadFieldValuesSchema,
  leadFormFieldsSchema,
  RESERVED_LEAD_FIELD_KEY_TEXT,
  storedLeadFieldsSchema,
} from './leadFormFields';

const field = (patch: Partial<LeadFormField>): LeadFormField => ({
  id: 'f1',
  kind: 'text',
  label: 'Job title',
  key: 'job_title',
  required: false,
  ...patch,
});

const problems = (fields: LeadFormField[]) =>
  leadFormFieldsSchema.safeParse(fields).error?.issues.map((issue) => ({
    path: issue.path,
    message: issue.message,
  })) ?? [];

describe('leadFormFieldsSchema', () => {
  it('takes a valid list and trims labels and service fields', () => {
    const parsed = leadFormFieldsSchema.parse([
      field({ label: '  Job title ', serviceField: ' JOB ' }),
      field({ id: 'f2147483646', kind: 'choice', key: 'size', choices: ['S', 'M'] }),
    ]);
    expect(parsed[0]).toMatchObject({ label: 'Job title', serviceField: 'JOB' });
    expect(parsed[1]?.id).toBe('f2147483646');
  });

  it('names the field of each problem with the text the editor shows', () => {
    expect(
      problems([
        field({ label: '  ' }),
        field({ id: 'f2', key: 'job_title' }),
        field({ id: 'f3', key: 'email' }),
        field({ id: 'f4', key: 'size', kind: 'choice', choices: [] }),
        field({ id: 'f5', key: 'colour', kind: 'choice', choices: ['Red', 'Blue', 'Red'] }),
      ]),
    ).toEqual([
      { path: [0, 'label'], message: LEAD_FIELD_LABEL_REQUIRED_TEXT },
      { path: [1, 'key'], message: DUPLICATE_LEAD_FIELD_KEY_TEXT },
      { path: [2, 'key'], message: RESERVED_LEAD_FIELD_KEY_TEXT },
      { path: [3, 'choices'], message: LEAD_FIELD_CHOICES_REQUIRED_TEXT },
      { path: [4, 'choices', 2], message: DUPLICATE_LEAD_FIELD_CHOICE_TEXT },
    ]);
  });

  it('refuses keys payloads could not use and ids not of the quiz counter', () => {
    for (const key of ['Job', '1st', '_x', 'job title', 'a'.repeat(41)])
      expect(problems([field({ key })]).map((problem) => problem.path)).toEqual([[0, 'key']]);
    expect(problems([field({ id: 'x1' })]).map((problem) => problem.path)).toEqual([[0, 'id']]);
  });
});

describe('leadFieldValuesSchema', () => {
  it('takes texts and booleans by field id, up to the length cap', () => {
    expect(leadFieldValuesSchema.safeParse({ f1: '+44 20 7946 0958', f2: true }).success).toBe(true);
    expect(leadFieldValuesSchema.safeParse({ f1: 'x'.repeat(LEAD_FIELD_VALUE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
    expect(leadFieldValuesSchema.safeParse({ phone: '1' }).success).toBe(false);
    expect(leadFieldValuesSchema.safeParse({ f1: 3 }).success).toBe(false);
  });
});

describe('storedLeadFieldsSchema', () => {
  it('reads what a lead keeps', () => {
    const stored = { f3: { key: 'phone', label: 'Phone', kind: 'phone', value: '+442079460958' } };
    expect(storedLeadFieldsSchema.parse(stored)).toEqual(stored);
    expect(storedLeadFieldsSchema.safeParse({ f3: { ...stored.f3, kind: 'fax' } }).success).toBe(false);
  });
});
