import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import { MAX_LEAD_FORM_FIELDS } from '@quizbeam/contracts/leadFormFields';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import {
  addLeadField,
  checkboxChoiceOf,
  guessFieldMappings,
  htmlFormSettingsFor,
  leadFormFields,
  leadFormPlacementFor,
  moveLeadField,
  removeLeadField,
  setLeadFormPlacement,
  updateLeadCaptureSettings,
  updateLeadField,
  updateOutcomeLeadCaptureSettings,
  withCheckboxChoice,
  withFieldMapping,
  withIdChosen,
  withLeadFormPlacementChecked,
} from './leadCapture';
import { newQuiz } from './newQuiz';
import { addOutcome } from './outcomes';
import { removeQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

const field = (name: string, type = 'text') => ({ name, type, value: '', label: '' });
const form = (...fields: HtmlFormData['fields']): HtmlFormData => ({
  method: 'post',
  action: 'https://forms.example/subscribe',
  fields,
  submit: { name: 'go', value: 'Join' },
});

describe('updateLeadCaptureSettings', () => {
  it('patches the quiz settings and ignores undefined values', () => {
    const quiz = newQuiz({ id: 'q', name: 'Q', type: 'general' });
    const updated = updateLeadCaptureSettings(quiz, { enabled: true, headerText: undefined });
    expect(updated.leadCaptureSettings).toEqual({ ...quiz.leadCaptureSettings, enabled: true });
    expect(updateLeadCaptureSettings(quiz, {})).toBe(quiz);
  });
});

describe('updateOutcomeLeadCaptureSettings', () => {
  it('patches only the given outcome, and returns the same quiz for an unknown id', () => {
    const first = addOutcome(newQuiz({ id: 'q', name: 'Q', type: 'general' }));
    const second = addOutcome(first.quiz);
    const updated = updateOutcomeLeadCaptureSettings(second.quiz, second.outcomeId, {
      headerText: 'Almost there',
      webhookIds: ['3f1c0a52-4b7e-4f4e-9d7c-2a1b3c4d5e6f'],
    });
    expect(updated.outcomes[1]?.leadCaptureSettings).toMatchObject({
      headerText: 'Almost there',
      webhookIds: ['3f1c0a52-4b7e-4f4e-9d7c-2a1b3c4d5e6f'],
    });
    expect(updated.outcomes[0]).toBe(second.quiz.outcomes[0]);
    expect(updateOutcomeLeadCaptureSettings(second.quiz, 999, { headerText: 'x' })).toBe(second.quiz);
  });
});

describe('guessFieldMappings', () => {
  it('maps email by type first, then by a name containing email', () => {
    expect(guessFieldMappings(form(field('contact'), field('addr', 'email'), field('EMAIL')))).toEqual({
      name: null,
      email: 'addr',
      checkboxes: [],
    });
    expect(guessFieldMappings(form(field('fields[Email]'), field('FNAME')))).toEqual({
      name: 'FNAME',
      email: 'fields[Email]',
      checkboxes: [],
    });
  });

  it('prefers name, then full name, then first name, never a last name, user name or hidden field', () => {
    expect(guessFieldMappings(form(field('first_name'), field('full_name'), field('email')))).toMatchObject({
      name: 'full_name',
    });
    expect(guessFieldMappings(form(field('firstName'), field('Name')))).toMatchObject({ name: 'Name' });
    expect(guessFieldMappings(form(field('last_name'), field('first_name')))).toMatchObject({
      name: 'first_name',
    });
    expect(
      guessFieldMappings(
        form(field('last_name'), field('LNAME'), field('username'), field('form_name', 'hidden')),
      ),
    ).toMatchObject({ name: null });
  });

  it('never maps one field to both', () => {
    expect(guessFieldMappings(form(field('name_or_email', 'email')))).toEqual({
      name: null,
      email: 'name_or_email',
      checkboxes: [],
    });
  });
});

describe('htmlFormSettingsFor', () => {
  it('keeps a copy of the form data, its id and the guessed mapping', () => {
    const data = form(field('name'), field('email', 'email'), field('list', 'hidden'));
    const settings = htmlFormSettingsFor({ id: '0b7a4c1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', data });
    expect(settings).toEqual({
      htmlFormId: '0b7a4c1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
      formData: data,
      fieldMappings: { name: 'name', email: 'email', checkboxes: [] },
    });
    expect(settings.formData).not.toBe(data);
    expect(withFieldMapping(settings, 'name', null).fieldMappings).toEqual({
      name: null,
      email: 'email',
      checkboxes: [],
    });
  });
});

describe('checkbox choices', () => {
  it('are left unticked until the marketer chooses, one choice per name and value', () => {
    const data = form(field('email', 'email'), field('group[1]', 'checkbox'), field('group[2]', 'checkbox'));
    const settings = htmlFormSettingsFor({ id: '0b7a4c1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', data });
    const box = { name: 'group[1]', value: '' };
    expect(checkboxChoiceOf(settings, box)).toBe('unticked');
    const ticked = withCheckboxChoice(settings, box, 'ticked');
    const consent = withCheckboxChoice(ticked, box, 'consent');
    expect(checkboxChoiceOf(ticked, box)).toBe('ticked');
    expect(consent.fieldMappings.checkboxes).toEqual([{ ...box, choice: 'consent' }]);
    expect(checkboxChoiceOf(consent, { name: 'group[2]', value: '' })).toBe('unticked');
  });
});

describe('withIdChosen', () => {
  it('adds once and removes', () => {
    expect(withIdChosen(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(withIdChosen(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(withIdChosen(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('lead form fields', () => {
  const blank = () => newQuiz({ id: 'q', name: 'Q', type: 'general' });

  it('adds fields with fresh ids from the quiz counter, default labels and unique keys', () => {
    let quiz = blank();
    const kinds = ['phone', 'company', 'website', 'text', 'choice', 'checkbox', 'phone'] as const;
    const ids: (string | null)[] = [];
    for (const kind of kinds) {
      const added = addLeadField(quiz, kind);
      quiz = added.quiz;
      ids.push(added.fieldId);
    }
    const firstId = blank().nextId;
    expect(ids).toEqual(kinds.map((_, index) => `f${firstId + index}`));
    expect(quiz.nextId).toBe(firstId + kinds.length);
    expect(leadFormFields(quiz).map(({ label, key, required }) => ({ label, key, required }))).toEqual([
      { label: 'Phone', key: 'phone', required: false },
      { label: 'Company', key: 'company', required: false },
      { label: 'Website', key: 'website', required: false },
      { label: 'Your answer', key: 'your_answer', required: false },
      { label: 'Choose one', key: 'choose_one', required: false },
      { label: 'I agree…', key: 'i_agree', required: false },
      { label: 'Phone', key: 'phone_2', required: false },
    ]);
    expect(leadFormFields(quiz)[4]?.choices).toEqual(['Option 1', 'Option 2']);
    expect(leadFormFields(quiz)[0]?.choices).toBeUndefined();
    // What the editor makes, the schema takes.
    expect(quizSchema.safeParse(quiz).success).toBe(true);
  });

  it('never reuses an id after a removal, and stops at the limit', () => {
    const first = addLeadField(blank(), 'text');
    const removed = removeLeadField(first.quiz, first.fieldId ?? '');
    expect(leadFormFields(removed)).toEqual([]);
    expect(addLeadField(removed, 'text').fieldId).not.toBe(first.fieldId);
    expect(removeLeadField(removed, 'f999')).toBe(removed);

    let full = blank();
    for (let count = 0; count < MAX_LEAD_FORM_FIELDS; count++) full = addLeadField(full, 'text').quiz;
    expect(addLeadField(full, 'phone')).toEqual({ quiz: full, fieldId: null });
  });

  it('lets a key the marketer never changed follow the label, and keeps a typed key', () => {
    const added = addLeadField(blank(), 'text');
    const id = added.fieldId ?? '';
    const renamed = updateLeadField(added.quiz, id, { label: 'Job Title (current)' });
    expect(leadFormFields(renamed)[0]).toMatchObject({
      label: 'Job Title (current)',
      key: 'job_title_current',
    });
    const typed = updateLeadField(renamed, id, { key: 'Role-Name 2!' });
    expect(leadFormFields(typed)[0]?.key).toBe('role_name_2');
    expect(leadFormFields(updateLeadField(typed, id, { label: 'Position' }))[0]?.key).toBe('role_name_2');
    expect(leadFormFields(updateLeadField(renamed, id, { label: 'Téléphone' }))[0]?.key).toBe('telephone');
    expect(updateLeadField(typed, id, { key: 'role_name_2' })).toBe(typed);
    expect(updateLeadField(typed, 'f999', { label: 'x' })).toBe(typed);
  });

  it('keeps an empty label and a repeated key as typed, for the editor to point out', () => {
    const first = addLeadField(blank(), 'company');
    const second = addLeadField(first.quiz, 'text');
    const id = second.fieldId ?? '';
    const clashing = updateLeadField(updateLeadField(second.quiz, id, { key: 'company' }), id, { label: '' });
    expect(leadFormFields(clashing)[1]).toMatchObject({ label: '', key: 'company' });
    const issues = quizSchema.safeParse(clashing).error?.issues.map((issue) => issue.path.slice(-1)[0]);
    expect(issues).toEqual(expect.arrayContaining(['label', 'key']));
  });

  it('tidies a choice list and gives choices only to choice fields', () => {
    const choice = addLeadField(blank(), 'choice');
    const text = addLeadField(choice.quiz, 'text');
    const quiz = updateLeadField(text.quiz, choice.fieldId ?? '', {
      choices: [' Small ', '', 'Large', 'Small', '   '],
      required: true,
      serviceField: 'SIZE',
      htmlFormField: 'fields[size]',
    });
    expect(leadFormFields(quiz)[0]).toMatchObject({
      choices: ['Small', 'Large'],
      required: true,
      serviceField: 'SIZE',
      htmlFormField: 'fields[size]',
    });
    expect(updateLeadField(quiz, text.fieldId ?? '', { choices: ['A'] })).toBe(quiz);
  });

  it('moves a field to a list position, clamped', () => {
    let quiz = blank();
    for (const kind of ['phone', 'company', 'website'] as const) quiz = addLeadField(quiz, kind).quiz;
    const [phone, company, website] = leadFormFields(quiz).map((field) => field.id);
    const keys = (moved: typeof quiz) => leadFormFields(moved).map((field) => field.key);
    expect(keys(moveLeadField(quiz, website ?? '', 0))).toEqual(['website', 'phone', 'company']);
    expect(keys(moveLeadField(quiz, phone ?? '', 99))).toEqual(['company', 'website', 'phone']);
    expect(moveLeadField(quiz, company ?? '', 1)).toBe(quiz);
    expect(moveLeadField(quiz, 'f999', 0)).toBe(quiz);
  });
});

describe('lead form placement', () => {
  const built = () => buildQuiz({ type: 'general', questions: [{}, {}, {}], outcomes: ['A'] });

  it('is before the results by default and after an existing question only', () => {
    const { quiz, q } = built();
    expect(leadFormPlacementFor(quiz)).toEqual({ at: 'before_results' });
    expect(setLeadFormPlacement(quiz, { at: 'before_results' })).toBe(quiz);
    expect(setLeadFormPlacement(quiz, { at: 'after_question', questionId: 9999 })).toBe(quiz);
    const gate = setLeadFormPlacement(quiz, { at: 'before_questions' });
    expect(leadFormPlacementFor(gate)).toEqual({ at: 'before_questions' });
    const afterSecond = setLeadFormPlacement(gate, { at: 'after_question', questionId: q[1] ?? 0 });
    expect(leadFormPlacementFor(afterSecond)).toEqual({ at: 'after_question', questionId: q[1] });
    expect(setLeadFormPlacement(afterSecond, { at: 'after_question', questionId: q[1] ?? 0 })).toBe(
      afterSecond,
    );
  });

  it('moves the default header and description with the form, and keeps what the marketer wrote', () => {
    const { quiz, q } = built();
    const texts = (placed: typeof quiz) => [
      placed.leadCaptureSettings.headerText,
      placed.leadCaptureSettings.descriptionText,
    ];
    expect(texts(quiz)).toEqual([
      DEFAULT_LEAD_CAPTURE_TEXTS.headerText,
      DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
    ]);
    const gate = setLeadFormPlacement(quiz, { at: 'before_questions' });
    expect(texts(gate)).toEqual(['Before You Start', 'Enter your e-mail address below to start the quiz']);
    const midway = setLeadFormPlacement(gate, { at: 'after_question', questionId: q[0] ?? 0 });
    expect(texts(midway)).toEqual(['Tell Us About You', 'Enter your e-mail address below to continue']);
    expect(texts(setLeadFormPlacement(midway, { at: 'before_results' }))).toEqual(texts(quiz));
    const written = { ...gate, leadCaptureSettings: { ...gate.leadCaptureSettings, headerText: 'Hi there' } };
    expect(texts(setLeadFormPlacement(written, { at: 'before_results' }))).toEqual([
      'Hi there',
      DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
    ]);
  });

  it('falls back to before the results when its question is removed', () => {
    const { quiz, q } = built();
    const placed = setLeadFormPlacement(quiz, { at: 'after_question', questionId: q[1] ?? 0 });
    const removed = removeQuestion(placed, q[1] ?? 0);
    expect(leadFormPlacementFor(removed)).toEqual({ at: 'before_results' });
    expect(removed.leadCaptureSettings.placement).toEqual({ at: 'before_results' });
    expect(quizSchema.safeParse(removed).success).toBe(true);
    // A document put together elsewhere (an import, an older editor) is put right the same way.
    const stale = { ...removed, leadCaptureSettings: placed.leadCaptureSettings };
    expect(quizSchema.safeParse(stale).success).toBe(false);
    expect(withLeadFormPlacementChecked(stale).leadCaptureSettings.placement).toEqual({
      at: 'before_results',
    });
    const other = removeQuestion(placed, q[0] ?? 0);
    expect(withLeadFormPlacementChecked(other)).toBe(other);
  });
});
