import { captureScreenHtml } from '@quizbeam/player/captureScreen';
import { describe, expect, it } from 'vitest';
import { sampleQuiz } from '../../../test/quizzes';
import { capturePreviewView } from './capturePreviewView';

const quiz = sampleQuiz({ id: '7' });
const settings = {
  ...quiz.leadCaptureSettings,
  enabled: true,
  captureName: false,
  fields: [
    {
      id: 'f1',
      kind: 'phone' as const,
      label: ' Mobile ',
      key: 'mobile',
      required: true,
      serviceField: 'PHONE',
    },
    {
      id: 'f2',
      kind: 'choice' as const,
      label: 'Team size',
      key: 'team_size',
      required: false,
      choices: ['1-10', ' 11+ ', ''],
    },
    { id: 'f3', kind: 'checkbox' as const, label: 'Send me news', key: 'news', required: false },
  ],
};

function previewOf(view: ReturnType<typeof capturePreviewView>) {
  const container = document.createElement('div');
  container.innerHTML = captureScreenHtml(view);
  return container;
}

describe('the capture form preview’s screen', () => {
  it('shows the form’s own fields after the email, as a visitor gets them', () => {
    const view = capturePreviewView(settings, null);
    expect(view.fields).toEqual([
      { id: 'f1', kind: 'phone', label: 'Mobile', required: true },
      { id: 'f2', kind: 'choice', label: 'Team size', required: false, choices: ['1-10', '11+'] },
      { id: 'f3', kind: 'checkbox', label: 'Send me news', required: false },
    ]);
    const screen = previewOf(view);
    const names = [...screen.querySelectorAll<HTMLInputElement>('form input, form select')].map(
      (c) => c.name,
    );
    expect(names).toEqual(['email', 'f1', 'f2', 'f3']);
    expect(screen.querySelector('label[for="qb-f1"]')?.textContent).toBe('Mobile (required)');
    expect(screen.querySelector('[name="f1"]')?.getAttribute('type')).toBe('tel');
    expect([...screen.querySelectorAll('select option')].map((option) => option.textContent)).toEqual([
      'Choose…',
      '1-10',
      '11+',
    ]);
    expect(screen.querySelector('button[type="submit"]')?.textContent).toBe('Show My Results');
  });

  it('leads on to the questions when the form comes before them', () => {
    const view = capturePreviewView({ ...settings, placement: { at: 'before_questions' } }, null);
    expect(previewOf(view).querySelector('button[type="submit"]')?.textContent).toBe('Continue');
  });
});
