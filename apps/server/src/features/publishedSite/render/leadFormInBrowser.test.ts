import type { LeadFormField } from '@quizbeam/contracts/leadFormFields';
import { DATA_ID } from '@quizbeam/player/pageIds';
import { describe, expect, it, vi } from 'vitest';
import { captureQuiz, openQuizPage, result, server } from '../../../testing/quizPage';

const FIELDS: LeadFormField[] = [
  {
    id: 'f1',
    kind: 'phone',
    label: 'Mobile',
    key: 'mobile',
    required: true,
    serviceField: 'SECRET_MERGE_FIELD',
    htmlFormField: 'secret_form_field',
  },
  { id: 'f2', kind: 'checkbox', label: 'Send me puzzles', key: 'puzzles', required: false },
];

describe('the capture form’s own fields on a published page', () => {
  it('carries the fields but never where their values go, in the published page and the preview alike', async () => {
    const { quiz } = captureQuiz({ fields: FIELDS });
    for (const mode of ['published', 'preview'] as const) {
      const view = await openQuizPage(quiz, { mode });
      const data = view.document.getElementById(DATA_ID)?.textContent ?? '';
      expect(data).toContain('Send me puzzles');
      expect(data).not.toMatch(/SECRET_MERGE_FIELD|secret_form_field|serviceField|htmlFormField/);
    }
  });

  it('asks before the questions, then sends what was entered with the answers at the end', async () => {
    const {
      quiz,
      questionIds: q,
      answerIds: a,
      outcomeIds: o,
    } = captureQuiz({
      captureName: false,
      fields: FIELDS,
      placement: { at: 'before_questions' },
    });
    const view = await openQuizPage(quiz, { respond: server(() => result(quiz, o[0] ?? 0, 10, 10)) });
    view.click('Let’s go');
    expect(view.input('f1').getAttribute('autocomplete')).toBe('tel');
    view.click('Continue');
    expect(view.document.getElementById('qb-f1-error')?.textContent).toBe('Please fill in “Mobile”.');
    expect(view.heading()).not.toBe('What is 2 + 2?');

    view.type('email', 'ada@example.com');
    view.type('f1', '+44 20 7946 0958');
    view.input('f2').checked = true;
    view.click('Continue');
    expect(view.heading()).toBe('What is 2 + 2?');
    view.click('4');
    view.click('Paris');
    await vi.waitFor(() => expect(view.heading()).toBe('Top marks: 10/10'));
    const leads = view.requests.filter((request) => request.url === '/_q/leads');
    expect(leads.map((request) => [request.body.answers, request.body.fields, request.body.email])).toEqual([
      [
        [
          { questionId: q[0], answerId: a[0]?.[0] },
          { questionId: q[1], answerId: a[1]?.[0] },
        ],
        { f1: '+44 20 7946 0958', f2: true },
        'ada@example.com',
      ],
    ]);
    expect(view.requests.some((request) => request.url === '/_q/complete')).toBe(false);
  });
});
