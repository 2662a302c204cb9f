import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS, QUIZ_DOCUMENT_VERSION } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateQuizDocument, QuizDocumentError } from './migrateQuizDocument';
import {
  DEFAULT_THEME,
  defaultLeadCaptureSettings,
  defaultOutcomeLeadCaptureSettings,
  newQuiz,
} from './newQuiz';
import { buildQuiz } from './testing/quizzes';

describe('migrateQuizDocument', () => {
  it('returns a valid current document unchanged', () => {
    const { quiz } = buildQuiz({ questions: [{ answers: [{ points: 2 }] }], outcomes: [{ from: 0, to: 2 }] });
    expect(migrateQuizDocument(structuredClone(quiz))).toEqual(quiz);
  });

  it('fills a sparse version 0 document from the defaults', () => {
    const v0 = {
      id: 'legacy',
      name: 'Old quiz',
      type: 'general',
      title: 'Welcome',
      useStartPage: false,
      leadCaptureSettings: { enabled: true },
      questions: [
        {
          id: 3,
          rank: 2,
          text: 'Second',
          answers: [{ id: '4', text: 'Yes', outcome: 7, points: '15' }],
          next: { behaviour: 'end_quiz' },
        },
        {
          id: 1,
          rank: 1,
          text: 'First',
          type: 'image_single_list',
          answers: [{ id: 2, next: { behaviour: 'specific_question', target: 3 } }],
        },
      ],
      outcomes: [{ id: 7, name: 'Seven', description: 'Legacy text' }, { id: 8 }],
      legacyField: 'dropped',
    };
    const quiz = migrateQuizDocument(v0);
    expect(quiz.version).toBe(QUIZ_DOCUMENT_VERSION);
    expect(quiz.revision).toBe(0);
    expect(quiz.id).toBe('legacy');
    expect(quiz.title).toBe('Welcome');
    expect(quiz.cta).toBe('Start');
    expect(quiz.startPage).toEqual({ enabled: false });
    expect(quiz.leadCaptureSettings).toEqual({ ...defaultLeadCaptureSettings(), enabled: true });
    expect(quiz.leadCaptureSettings.captureName).toBe(true);
    expect(quiz.nextId).toBe(9);
    expect(quiz.questions.map((question) => [question.id, question.rank, question.text])).toEqual([
      [1, 1, 'First'],
      [3, 2, 'Second'],
    ]);
    expect(quiz.questions[0]).toMatchObject({ type: 'image_single_list', image: null });
    expect(quiz.questions[0]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'next_in_list',
      target: null,
    });
    expect(quiz.questions[0]?.answers[0]).toEqual({
      id: 2,
      text: '',
      image: null,
      imageCaption: '',
      points: 0,
      outcome: null,
      next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: 3 },
    });
    expect(quiz.questions[1]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'end_quiz',
      target: -1,
    });
    expect(quiz.questions[1]?.answers[0]).toMatchObject({ id: 4, points: 10, outcome: 7 });
    expect(quiz.outcomes[0]).toMatchObject({ id: 7, rank: 1, name: 'Seven', descriptions: ['Legacy text'] });
    expect(quiz.outcomes[1]).toMatchObject({
      id: 8,
      rank: 2,
      name: '',
      type: 'text',
      descriptions: [''],
      scoreRange: { from: null, to: null },
      leadCaptureSettings: defaultOutcomeLeadCaptureSettings(),
    });
    expect('legacyField' in quiz).toBe(false);
    expect(() => quizSchema.parse(quiz)).not.toThrow();
  });

  it('defaults the start page on, keeps a stored nextId that is high enough, and cleans dangling references', () => {
    const quiz = migrateQuizDocument({
      id: 'x',
      name: 'X',
      nextId: 50,
      questions: [
        { id: 1, answers: [{ id: 2, outcome: 99, next: { behaviour: 'specific_question', target: 42 } }] },
      ],
    });
    expect(quiz.startPage).toEqual({ enabled: true });
    expect(quiz.nextId).toBe(50);
    expect(quiz.type).toBe('general');
    expect(quiz.questions[0]?.answers[0]).toMatchObject({
      outcome: null,
      next: { behaviour: 'follow_question', target: null },
    });
    expect(migrateQuizDocument({ id: 'x', name: 'X', nextId: 2, outcomes: [{ id: 5 }] }).nextId).toBe(6);
    expect(
      migrateQuizDocument({ id: 'x', startPage: { enabled: false }, useStartPage: true }).startPage,
    ).toEqual({
      enabled: false,
    });
  });

  it('names a nameless legacy quiz from its title, or Untitled quiz', () => {
    expect(migrateQuizDocument({ id: 'x', title: 'From title' }).name).toBe('From title');
    expect(migrateQuizDocument({ id: 'x' }).name).toBe('Untitled quiz');
  });

  it('throws a clear error for anything else', () => {
    expect(() => migrateQuizDocument(null)).toThrow(QuizDocumentError);
    expect(() => migrateQuizDocument([])).toThrow('must be a JSON object');
    expect(() => migrateQuizDocument({ version: 6, id: 'x' })).toThrow(
      /version 6, newer than this app understands \(5\)/,
    );
    expect(() => migrateQuizDocument({ version: '1' })).toThrow(/not a whole number/);
    expect(() => migrateQuizDocument({ version: 5, id: 'x' })).toThrow(
      /The quiz document is not valid: name/,
    );
    expect(() => migrateQuizDocument({ id: 'x', name: 'X', questions: [{ id: 'abc' }] })).toThrow(
      /questions\.0\.id/,
    );
    expect(() =>
      migrateQuizDocument({ id: 'x', name: 'X', questions: [{ id: 1 }], outcomes: [{ id: 1 }] }),
    ).toThrow(/used twice/);
  });

  it('has one migration step per older version', () => {
    expect(Object.keys(MIGRATIONS)).toEqual(['0', '1', '2', '3', '4']);
  });

  it("gives a version 2 document the default theme and turns the old default look into the theme's", () => {
    const current = newQuiz({ id: 'x', name: 'Look', type: 'general' });
    const version2 = {
      ...current,
      version: 2,
      theme: 'theme-1',
      fontFamily: 'Open Sans',
      textColor: '#1f2937',
      buttonBackgroundColor: '#e11d48',
      buttonFontFamily: 'Comic Sans',
      buttonTextColor: 'not a colour',
      ctaBackgroundColor: '#16a34a',
      ctaFontFamily: 'Lora',
      ctaTextColor: ' rgb(10, 20, 30) ',
    };
    const quiz = migrateQuizDocument(version2);
    expect(quiz.version).toBe(QUIZ_DOCUMENT_VERSION);
    expect(quiz.theme).toBe(DEFAULT_THEME);
    expect(quiz).toMatchObject({
      fontFamily: '',
      textColor: '',
      buttonBackgroundColor: '#e11d48',
      buttonFontFamily: '',
      buttonTextColor: '',
      ctaBackgroundColor: '',
      ctaFontFamily: 'Lora',
      ctaTextColor: 'rgb(10, 20, 30)',
    });
  });

  it('gives a version 1 document the revision 0', () => {
    const current = newQuiz({ id: 'q', name: 'Q', type: 'general' });
    const { revision: _revision, ...withoutRevision } = current;
    const quiz = migrateQuizDocument({ ...withoutRevision, version: 1 });
    expect(quiz).toEqual({ ...current, revision: 0 });
  });

  it('leaves a version 3 document’s form checkboxes unticked and its outcomes’ untouched default texts empty', () => {
    const { quiz: current } = buildQuiz({ type: 'general', outcomes: ['Tea lover', 'Coffee lover'] });
    const legacyForm = {
      htmlFormId: null,
      formData: {
        method: 'post',
        action: 'https://example.com/subscribe',
        fields: [
          { name: 'EMAIL', type: 'email', value: '', label: 'Email' },
          { name: 'group[1][1]', type: 'checkbox', value: '1', label: 'Recipes' },
          { name: 'group[1][2]', type: 'CheckBox', value: '2', label: 'Events' },
        ],
        submit: { name: '', value: '' },
      },
      fieldMappings: { name: null, email: 'EMAIL' },
    };
    const [first, second] = current.outcomes;
    if (!first || !second) throw new Error('two outcomes');
    const version3 = {
      ...current,
      version: 3,
      leadCaptureSettings: { ...current.leadCaptureSettings, htmlFormSettings: legacyForm },
      outcomes: [
        {
          ...first,
          leadCaptureSettings: {
            ...first.leadCaptureSettings,
            headerText: DEFAULT_LEAD_CAPTURE_TEXTS.headerText,
            descriptionText: DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
            htmlFormSettings: legacyForm,
          },
        },
        {
          ...second,
          leadCaptureSettings: {
            ...second.leadCaptureSettings,
            headerText: 'Your tea plan is ready',
            descriptionText: DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
          },
        },
      ],
    };
    const quiz = migrateQuizDocument(version3);
    const unticked: HtmlFormSettings['fieldMappings']['checkboxes'] = [
      { name: 'group[1][1]', value: '1', choice: 'unticked' },
      { name: 'group[1][2]', value: '2', choice: 'unticked' },
    ];
    expect(quiz.leadCaptureSettings.htmlFormSettings?.fieldMappings).toEqual({
      name: null,
      email: 'EMAIL',
      checkboxes: unticked,
    });
    expect(quiz.outcomes[0]?.leadCaptureSettings).toMatchObject({
      headerText: '',
      descriptionText: '',
      htmlFormSettings: { fieldMappings: { checkboxes: unticked } },
    });
    expect(quiz.outcomes[1]?.leadCaptureSettings).toMatchObject({
      headerText: 'Your tea plan is ready',
      descriptionText: '',
      htmlFormSettings: null,
    });
  });
});
