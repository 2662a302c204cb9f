import type { LeadFieldValues, LeadFormField } from '@quizbeam/contracts/leadFormFields';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/appError';
import {
  checkLeadFormValues,
  LEAD_FIELD_MESSAGES,
  leadFieldValuesByKey,
  mappedLeadFieldValues,
} from './leadFormValues';

const phone: LeadFormField = { id: 'f1', kind: 'phone', label: 'Mobile', key: 'mobile', required: false };
const website: LeadFormField = {
  id: 'f2',
  kind: 'website',
  label: 'Website',
  key: 'website',
  required: false,
};
const size: LeadFormField = {
  id: 'f3',
  kind: 'choice',
  label: 'Team size',
  key: 'team_size',
  required: true,
  choices: ['1-10', '11-50'],
};
const terms: LeadFormField = { id: 'f4', kind: 'checkbox', label: 'I agree', key: 'terms', required: true };
const notes: LeadFormField = { id: 'f5', kind: 'text', label: 'Notes', key: 'notes', required: false };
const company: LeadFormField = {
  id: 'f6',
  kind: 'company',
  label: 'Company',
  key: 'company',
  required: true,
};

/** The refusal's text and the field it names, or the stored values. */
function check(fields: LeadFormField[], values: LeadFieldValues | undefined) {
  try {
    return { stored: checkLeadFormValues(fields, values) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, field: error.details.field };
  }
}

const storedPhone = (text: string) => check([phone], { f1: text });

describe('checkLeadFormValues', () => {
  it('stores every field normalised, with its key, label and kind', () => {
    expect(
      checkLeadFormValues([phone, website, size, terms, notes, company], {
        f1: ' +44 (0)20 7946 0958 ',
        f2: 'acme.example/about',
        f3: '11-50',
        f4: true,
        f5: '  Call\tme\r\nafter 5  ',
        f6: ' ACME Ltd ',
      }),
    ).toEqual({
      f1: { key: 'mobile', label: 'Mobile', kind: 'phone', value: '+442079460958' },
      f2: { key: 'website', label: 'Website', kind: 'website', value: 'https://acme.example/about' },
      f3: { key: 'team_size', label: 'Team size', kind: 'choice', value: '11-50' },
      f4: { key: 'terms', label: 'I agree', kind: 'checkbox', value: true },
      f5: { key: 'notes', label: 'Notes', kind: 'text', value: 'Call me after 5' },
      f6: { key: 'company', label: 'Company', kind: 'company', value: 'ACME Ltd' },
    });
  });

  it('turns phone numbers from several countries into E.164', () => {
    const cases: [string, string][] = [
      ['+1 (415) 555-2671', '+14155552671'],
      ['+49 30 901820', '+4930901820'],
      ['+33 6 12 34 56 78', '+33612345678'],
      ['+81 3-1234-5678', '+81312345678'],
      ['+91 98765 43210', '+919876543210'],
      ['+55 11 91234-5678', '+5511912345678'],
      ['0061 4 1234 5678', '+61412345678'],
    ];
    for (const [typed, e164] of cases) expect(storedPhone(typed).stored?.f1?.value).toBe(e164);
  });

  it('refuses phone numbers that are not one, or have no country code', () => {
    for (const typed of [
      '+44 12',
      '+999 123456',
      '+4420794609581234',
      '+1 555 CALL NOW',
      'call +44 20 7946 0958',
    ])
      expect(storedPhone(typed)).toEqual({
        code: 'validation_failed',
        message: `Mobile: ${LEAD_FIELD_MESSAGES.phoneInvalid}`,
        field: 'fields.f1',
      });
    expect(storedPhone('(415) 555-2671').message).toBe(`Mobile: ${LEAD_FIELD_MESSAGES.phoneCountryCode}`);
  });

  it('keeps http(s) addresses, adds https:// without a scheme and refuses anything else', () => {
    expect(check([website], { f2: 'http://acme.example' }).stored?.f2?.value).toBe('http://acme.example');
    expect(check([website], { f2: 'www.acme.example' }).stored?.f2?.value).toBe('https://www.acme.example');
    for (const typed of ['javascript:alert(1)', 'acme', 'ftp://acme.example', 'https://acme .example'])
      expect(check([website], { f2: typed })).toMatchObject({
        message: `Website: ${LEAD_FIELD_MESSAGES.websiteInvalid}`,
        field: 'fields.f2',
      });
  });

  it('asks for required fields by label, a ticked box for a required checkbox, and leaves out empty optional ones', () => {
    expect(check([company], { f6: '   ' })).toMatchObject({
      message: 'Please fill in “Company”.',
      field: 'fields.f6',
    });
    expect(check([company], undefined)).toMatchObject({ field: 'fields.f6' });
    expect(check([terms], { f4: false })).toMatchObject({
      message: 'Please tick “I agree” to continue.',
      field: 'fields.f4',
    });
    expect(check([phone, notes, { ...terms, required: false }], { f1: '' })).toEqual({
      stored: { f4: { key: 'terms', label: 'I agree', kind: 'checkbox', value: false } },
    });
  });

  it('refuses unknown ids, values of the wrong type, choices not offered and control characters', () => {
    expect(check([notes], { f5: 'hi', f9: 'x' })).toMatchObject({
      message: 'This form has no field “f9”.',
      field: 'fields.f9',
    });
    expect(check([notes], { f5: true })).toMatchObject({ field: 'fields.f5' });
    expect(check([terms], { f4: 'yes' })).toMatchObject({ field: 'fields.f4' });
    expect(check([size], { f3: '51+' })).toMatchObject({
      message: `Team size: ${LEAD_FIELD_MESSAGES.choiceUnknown}`,
    });
    expect(check([notes], { f5: 'bell\u0007' })).toMatchObject({
      message: `Notes: ${LEAD_FIELD_MESSAGES.controlCharacters}`,
    });
  });

  it('takes a text of up to 500 characters, counted after trimming', () => {
    expect(check([notes], { f5: ` ${'a'.repeat(500)} ` }).stored?.f5?.value).toHaveLength(500);
    expect(check([notes], { f5: 'a'.repeat(501) })).toMatchObject({
      message: `Notes: ${LEAD_FIELD_MESSAGES.tooLong}`,
    });
  });
});

describe('the stored values in payloads', () => {
  const stored = checkLeadFormValues([phone, notes, terms], { f1: '+1 415 555 2671', f4: true, f5: 'Hi' });
  // Read back from jsonb, the keys come in another order.
  const readBack = {
    f5: stored.f5,
    f4: stored.f4,
    f1: stored.f1,
    f9: { ...stored.f5, key: 'old' },
  } as typeof stored;

  it('names each value by its key in the form’s order, then the values of fields gone since', () => {
    expect(Object.entries(leadFieldValuesByKey(readBack, [phone, notes, terms]))).toEqual([
      ['mobile', '+14155552671'],
      ['notes', 'Hi'],
      ['terms', true],
      ['old', 'Hi'],
    ]);
  });

  it('gives each mapped and filled field to its destination field', () => {
    const mapped = [
      { ...phone, serviceField: 'PHONE', htmlFormField: 'tel' },
      { ...notes, serviceField: ' ' },
      { ...website, serviceField: 'SITE' },
      terms,
    ];
    expect(mappedLeadFieldValues(readBack, mapped, 'serviceField')).toEqual([
      { name: 'PHONE', value: '+14155552671', kind: 'phone' },
    ]);
    expect(mappedLeadFieldValues(readBack, mapped, 'htmlFormField')).toEqual([
      { name: 'tel', value: '+14155552671', kind: 'phone' },
    ]);
  });
});
