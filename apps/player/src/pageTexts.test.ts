import { quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterEach, describe, expect, it } from 'vitest';
import { captureScreenHtml } from './markup/captureScreen';
import { outcomeScreenHtml } from './markup/outcomeScreen';
import { questionScreenHtml } from './markup/questionScreen';
import { startScreenHtml } from './markup/startScreen';
import { pageTexts } from './pageTexts';
import { progressLabel } from './progress';
import { publishedQuizView } from './publishedQuizView';
import { matchesText } from './runtime/answerControls';
import { LEAD_FORM_ERRORS, missingFieldText } from './runtime/leadForm';
import { RESPONSE_ERRORS } from './runtime/readResponse';
import { everyTypeQuiz } from './testing/everyTypeQuiz';
import { useVisitorTexts } from './visitorText';

afterEach(() => useVisitorTexts('en', en));

/** Every screen and message the player can draw after the first, for this quiz: what its page's texts must cover. */
function everythingDrawn(view: ReturnType<typeof publishedQuizView>): string {
  const screens = view.questions.map((question, index) =>
    questionScreenHtml({ question, progress: { step: index + 1, total: 9 }, canGoBack: true }),
  );
  const capture = view.leadCapture
    ? captureScreenHtml({
        ...view.leadCapture,
        skippable: true,
        useConfirmationCheckbox: true,
        privacyPolicyUrl: 'https://example.com/privacy',
        fields: [
          { id: 'f1', kind: 'choice', label: 'Size', required: true, choices: ['1'] },
          { id: 'f2', kind: 'checkbox', label: 'Terms', required: true },
        ],
        canGoBack: true,
      })
    : '';
  const messages = [
    ...Object.values(RESPONSE_ERRORS).map((message) => message(1, 2, 3)),
    ...(view.leadCapture ? Object.values(LEAD_FORM_ERRORS).map((message) => message()) : []),
    matchesText(0),
    matchesText(3),
    missingFieldText({ id: 'f', kind: 'checkbox', label: 'Terms', required: true }),
    progressLabel({ step: 1, total: 3 }),
  ];
  const outcome = outcomeScreenHtml({
    title: 'Done',
    descriptionHtml: '',
    imageUrl: null,
    share: { pageUrl: 'https://quiz.example/x', text: 'I got Done' },
    cta: null,
    categories: [{ name: 'Strategy', percent: 50 }],
  });
  return [startScreenHtml(view), ...screens, capture, outcome, ...messages].join('\n');
}

/** Draws with these texts, answering the keys asked for that they do not hold. */
function missingWhenDrawn(texts: object, language: 'ar' | 'en', draw: () => unknown): string[] {
  const missing = new Set<string>();
  const watched = new Proxy(texts, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) missing.add(key);
      return Reflect.get(target, key);
    },
  });
  useVisitorTexts(language, watched);
  draw();
  return [...missing];
}

describe('the texts a page carries', () => {
  it('cover every screen of a quiz of every type with the form, in every language, and leave the rest out', () => {
    const { quiz } = everyTypeQuiz();
    const withForm = {
      ...quiz,
      startPage: { enabled: true },
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true },
    };
    const view = publishedQuizView(withForm, 10);
    const texts = pageTexts('ar', quizVisitorTexts(undefined, 'ar'), view);
    expect(missingWhenDrawn(texts, 'ar', () => everythingDrawn(view))).toEqual([]);
    // The server draws these; the page never needs them again.
    expect(Object.keys(texts)).not.toContain('poweredBy');
    expect(Object.keys(texts)).not.toContain('captureHeader');
    expect(Object.keys(texts)).not.toContain('noQuestions');
  });

  it('carry no form, dropdown or number texts for a quiz of single choices without a form', () => {
    const { quiz } = buildQuiz({
      type: 'general',
      questions: [{ text: 'Q', answers: [{}, {}] }],
      outcomes: ['Done'],
    });
    const view = publishedQuizView({ ...quiz, startPage: { enabled: false } }, 0);
    const texts = pageTexts('en', quizVisitorTexts(undefined, 'en'), view);
    for (const key of ['email', 'searchAnswers', 'numberStep', 'chooseAtLeast', 'start'] as const) {
      expect(texts).not.toHaveProperty(key);
    }
    // What such a quiz draws after its first screen: questions, the outcome, the network messages.
    const drawn = () => {
      const question = view.questions[0];
      if (question) questionScreenHtml({ question, progress: { step: 1, total: 1 }, canGoBack: true });
      progressLabel({ step: 1, total: 1 });
      outcomeScreenHtml({
        title: 'Done',
        descriptionHtml: '',
        imageUrl: null,
        share: { pageUrl: 'https://q.example', text: 'x' },
        cta: null,
        categories: [],
      });
    };
    expect(missingWhenDrawn(texts, 'en', drawn)).toEqual([]);
  });

  it('sends the one form of a text whose number never changes', () => {
    const view = publishedQuizView(everyTypeQuiz().quiz, 10);
    const texts = pageTexts('ar', quizVisitorTexts(undefined, 'ar'), view);
    expect(texts.answerTooLong).toEqual({ other: expect.stringContaining('{count}') });
  });
});
