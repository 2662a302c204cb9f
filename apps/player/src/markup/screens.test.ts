import { LEAD_EMAIL_MAX_LENGTH, LEAD_NAME_MAX_LENGTH } from '@quizbeam/contracts/leadFields';
import { LEAD_FIELD_VALUE_MAX_LENGTH } from '@quizbeam/contracts/leadFormFields';
import { describe, expect, it } from 'vitest';
import type { PublishedQuestion } from '../playerData';
import { type CaptureView, captureScreenHtml, LEAD_FIELD_MAX_LENGTH } from './captureScreen';
import { outcomeScreenHtml } from './outcomeScreen';
import { questionScreenHtml } from './questionScreen';
import { shareLinks, shareText } from './shareLinks';

const question: PublishedQuestion = {
  id: 1,
  type: 'image_single_list',
  imageUrl: null,
  text: 'Pick <one>',
  next: null,
  leadsTo: [],
  answers: [
    { id: 2, text: '', imageUrl: 'https://cdn.example/a.png', imageCaption: 'Sunny "beach"', next: null },
    { id: 3, text: '', imageUrl: 'https://cdn.example/b.png', imageCaption: '', next: null },
    { id: 4, text: 'Plain', imageUrl: null, imageCaption: '', next: null },
  ],
};

const render = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
};

describe('screen markup', () => {
  it('gives every answer button an accessible name, image answers included', () => {
    const screen = render(questionScreenHtml({ question, progress: { step: 2, total: 4 }, canGoBack: true }));
    expect(screen.querySelector('h1')?.textContent).toBe('Pick <one>');
    const group = screen.querySelector('[role="group"]');
    expect(group?.getAttribute('aria-labelledby')).toBe('qb-heading');
    const answers = [...screen.querySelectorAll<HTMLButtonElement>('button[data-answer]')];
    expect(answers.map((button) => button.type)).toEqual(['button', 'button', 'button']);
    expect(answers[0]?.textContent).toBe('Sunny "beach"');
    expect(answers[0]?.querySelector('img')?.alt).toBe('');
    expect(answers[1]?.querySelector('img')?.alt).toBe('Answer 2');
    expect(answers[2]?.textContent).toBe('Plain');
    // Question 2 of 4: one question of four answered.
    expect(screen.querySelector<HTMLElement>('.qb-bar span')?.style.width).toBe('25%');
    expect(screen.querySelector('[data-action="back"]')?.textContent).toBe('Back');
  });

  it('shows a question’s sanitized description under its heading, and nothing when it has none', () => {
    const described = { ...question, descriptionHtml: '<p>Pick the <b>closest</b> one.</p>' };
    const screen = render(
      questionScreenHtml({ question: described, progress: { step: 1, total: 4 }, canGoBack: false }),
    );
    expect(screen.querySelector('h1 + .qb-rich b')?.textContent).toBe('closest');
    const plain = render(questionScreenHtml({ question, progress: { step: 1, total: 4 }, canGoBack: false }));
    expect(plain.querySelector('.qb-rich')).toBeNull();
  });

  it('labels every capture field and ties its error to it', () => {
    const screen = render(
      captureScreenHtml({
        headerText: 'Almost <done>',
        descriptionText: '',
        dataUsageNote: '',
        privacyPolicyUrl: '',
        captureName: true,
        useConfirmationCheckbox: true,
        confirmationCheckboxText: 'I agree & accept',
        skippable: false,
        fields: [],
      }),
    );
    expect(screen.querySelector('h1')?.textContent).toBe('Almost <done>');
    for (const field of ['name', 'email', 'consent']) {
      const input = screen.querySelector(`input[name="${field}"]`);
      expect(screen.querySelector(`label[for="${input?.id}"]`)).not.toBeNull();
      expect(
        screen.querySelector(`#${input?.getAttribute('aria-describedby')}`)?.classList.contains('qb-error'),
      ).toBe(true);
    }
    expect(screen.querySelector('label[for="qb-consent"]')?.textContent).toBe('I agree & accept');
    // The inputs stop where the lead call would refuse the value.
    expect(screen.querySelector('input[name="name"]')?.getAttribute('maxlength')).toBe(
      String(LEAD_NAME_MAX_LENGTH),
    );
    expect(screen.querySelector('input[name="email"]')?.getAttribute('maxlength')).toBe(
      String(LEAD_EMAIL_MAX_LENGTH),
    );
    expect(screen.querySelector('a')).toBeNull();
    expect(screen.querySelector('[data-action="skip"]')).toBeNull();
  });

  it('gives each kind of field its label, keyboard, autofill hint and required mark, after name and email', () => {
    const view: CaptureView = {
      headerText: 'Almost done',
      descriptionText: '',
      dataUsageNote: '',
      privacyPolicyUrl: '',
      captureName: false,
      useConfirmationCheckbox: true,
      confirmationCheckboxText: 'I agree',
      skippable: false,
      fields: [
        { id: 'f1', kind: 'phone', label: 'Mobile', required: true },
        { id: 'f2', kind: 'company', label: 'Company', required: false },
        { id: 'f3', kind: 'website', label: 'Site', required: false },
        { id: 'f4', kind: 'text', label: 'Job <title>', required: true },
        {
          id: 'f5',
          key: 'size',
          kind: 'choice',
          label: 'Size',
          required: true,
          choices: ['1-10', '11 & more'],
        },
        { id: 'f6', kind: 'checkbox', label: 'Send me news', required: false },
      ],
    };
    const screen = render(captureScreenHtml(view));
    const controls = [...screen.querySelectorAll<HTMLInputElement>('form input, form select')];
    expect(controls.map((control) => control.name)).toEqual([
      'email',
      'f1',
      'f2',
      'f3',
      'f4',
      'f5',
      'f6',
      'consent',
    ]);
    const described = (name: string) => {
      const control = screen.querySelector(`[name="${name}"]`);
      const label = screen.querySelector(`label[for="${control?.id}"]`)?.textContent;
      const error = screen.querySelector(`#${control?.getAttribute('aria-describedby')}`);
      return {
        label,
        type: control?.getAttribute('type') ?? control?.tagName.toLowerCase(),
        autocomplete: control?.getAttribute('autocomplete'),
        required: control?.hasAttribute('required'),
        error: error?.classList.contains('qb-error'),
      };
    };
    expect(['f1', 'f2', 'f3', 'f4', 'f5', 'f6'].map(described)).toEqual([
      { label: 'Mobile (required)', type: 'tel', autocomplete: 'tel', required: true, error: true },
      { label: 'Company', type: 'text', autocomplete: 'organization', required: false, error: true },
      { label: 'Site', type: 'url', autocomplete: 'url', required: false, error: true },
      { label: 'Job <title> (required)', type: 'text', autocomplete: null, required: true, error: true },
      { label: 'Size (required)', type: 'select', autocomplete: null, required: true, error: true },
      { label: 'Send me news', type: 'checkbox', autocomplete: null, required: false, error: true },
    ]);
    const options = [...screen.querySelectorAll<HTMLOptionElement>('select option')];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Choose…'],
      ['1-10', '1-10'],
      ['11 & more', '11 & more'],
    ]);
    expect(screen.querySelector('[name="f1"]')?.getAttribute('maxlength')).toBe(
      String(LEAD_FIELD_VALUE_MAX_LENGTH),
    );
    expect(LEAD_FIELD_MAX_LENGTH).toBe(LEAD_FIELD_VALUE_MAX_LENGTH);
    expect(screen.querySelector('button[type="submit"]')?.textContent).toBe('Show My Results');
    expect(screen.querySelector('.qb-bar')).not.toBeNull();

    const amid = render(captureScreenHtml({ ...view, continuesQuiz: true, canGoBack: true }));
    expect(amid.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
    expect(amid.querySelector('.qb-bar')).toBeNull();
    expect(amid.querySelector('[data-action="back"]')).not.toBeNull();
  });

  it('escapes outcome titles and links but keeps the sanitized description markup', () => {
    const screen = render(
      outcomeScreenHtml({
        title: '<b>Winner</b>',
        descriptionHtml: '<p>You <em>won</em></p>',
        imageUrl: null,
        share: null,
        cta: { text: 'Go "now"', url: 'https://shop.example/?a=1&b=2' },
        categories: [],
      }),
    );
    expect(screen.querySelector('h1')?.textContent).toBe('<b>Winner</b>');
    expect(screen.querySelector('.qb-rich em')?.textContent).toBe('won');
    const cta = screen.querySelector('a.qb-cta');
    expect(cta?.getAttribute('href')).toBe('https://shop.example/?a=1&b=2');
    expect(cta?.textContent).toBe('Go "now"');
    expect(screen.querySelector('.qb-share')).toBeNull();
  });

  it('shares a sentence naming the result and the quiz, with the page’s address', () => {
    const text = shareText(' Dog person ', 'Which pet suits you?');
    expect(text).toBe('I got “Dog person” on Which pet suits you?');
    const x = new URL(shareLinks('https://quiz.example/abcd1234', text)[1]?.href ?? '');
    expect(x.host).toBe('x.com');
    expect(x.searchParams.get('text')).toBe('I got “Dog person” on Which pet suits you?');
    expect(x.searchParams.get('url')).toBe('https://quiz.example/abcd1234');
  });
});
