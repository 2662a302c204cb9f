import type { HtmlFormData } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import {
  checkboxChoiceOf,
  guessFieldMappings,
  htmlFormSettingsFor,
  updateLeadCaptureSettings,
  updateOutcomeLeadCaptureSettings,
  withCheckboxChoice,
  withFieldMapping,
  withWebhookChosen,
} from './leadCapture';
import { newQuiz } from './newQuiz';
import { addOutcome } from './outcomes';

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

describe('withWebhookChosen', () => {
  it('adds once and removes', () => {
    expect(withWebhookChosen(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(withWebhookChosen(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(withWebhookChosen(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
