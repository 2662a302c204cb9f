import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { PLACED_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { PREVIEW_REDIRECT_TEXT } from '../runtime/quizRunner';
import { everyTypeQuiz } from '../testing/everyTypeQuiz';
import { paneScreenHtml } from './paneScreen';

const PAGE_URL = 'https://quizzes.example.com/preview';

/** A general quiz: start page on, three questions in a row, a text outcome and a redirect outcome. */
function generalQuiz(): { quiz: Quiz; q: number[]; o: number[] } {
  const { quiz, q, o } = buildQuiz({
    type: 'general',
    questions: [
      { text: 'Pick a weekend', answers: [{ text: 'Beach' }, { text: 'Mountains' }] },
      { text: 'Pick a drink', answers: [{ text: 'Tea' }] },
      { text: 'Pick a book', answers: [{ text: 'Novel' }] },
    ],
    outcomes: ['The Explorer', 'Elsewhere'],
  });
  const outcomes = quiz.outcomes.map(
    (outcome, index): Outcome =>
      index === 0
        ? {
            ...outcome,
            descriptions: ['<p>You <b>roam</b>.<img src=x onerror="alert(1)"></p>'],
            enableCta: true,
            ctaButtonText: 'Book a trip',
            ctaUrl: 'javascript:alert(1)',
          }
        : { ...outcome, type: 'redirect', redirect: 'https://example.com/elsewhere' },
  );
  return {
    quiz: {
      ...quiz,
      title: 'Which traveller <are> you?',
      description: 'Find out\n<script>alert(1)</script>in a minute',
      startPage: { enabled: true },
      questions: quiz.questions.map((question, index) =>
        index === 1
          ? { ...question, description: '<a href="javascript:alert(1)">Why</a> it matters' }
          : question,
      ),
      outcomes,
    },
    q,
    o,
  };
}

function draw(quiz: Quiz, screen: Parameters<typeof paneScreenHtml>[1]) {
  const drawn = paneScreenHtml(quiz, screen, PAGE_URL);
  const container = document.createElement('div');
  container.innerHTML = drawn.html;
  return { container, status: drawn.status, heading: container.querySelector('h1')?.textContent };
}

describe('the screen the live preview pane draws', () => {
  it('draws the start page with its sanitized description, whether or not the start page is on', () => {
    const { quiz } = generalQuiz();
    for (const enabled of [true, false]) {
      const { container, heading } = draw({ ...quiz, startPage: { enabled } }, { kind: 'start' });
      expect(heading).toBe('Which traveller <are> you?');
      expect(container.querySelector('.qb-rich')?.innerHTML).toBe('Find out<br>in a minute');
      expect(container.querySelector('script')).toBeNull();
      expect(container.querySelector('[data-action="start"]')?.textContent).toBe('Start');
    }
  });

  it('draws the first screen a visitor sees for the other tabs: the start page, else the first question', () => {
    const { quiz } = generalQuiz();
    expect(draw(quiz, { kind: 'first' }).heading).toBe('Which traveller <are> you?');
    const withoutStart = draw({ ...quiz, startPage: { enabled: false } }, { kind: 'first' });
    expect(withoutStart.heading).toBe('Pick a weekend');
    expect(withoutStart.status).toBe('Question 1 of 3');
  });

  it('draws a question as a visitor reaching it sees it: its step on the way, Back, its safe description', () => {
    const { quiz, q } = generalQuiz();
    const second = draw(quiz, { kind: 'question', questionId: q[1] ?? 0 });
    expect(second.heading).toBe('Pick a drink');
    expect(second.status).toBe('Question 2 of 3');
    expect(second.container.querySelector('[data-action="back"]')).not.toBeNull();
    const link = second.container.querySelector('.qb-rich a');
    expect(link?.textContent).toBe('Why');
    expect(link?.hasAttribute('href')).toBe(false);
    expect(
      [...second.container.querySelectorAll('[data-answer]')].map((answer) => answer.textContent),
    ).toEqual(['Tea']);
    const first = draw(quiz, { kind: 'question', questionId: q[0] ?? 0 });
    expect(first.status).toBe('Question 1 of 3');
    expect(first.container.querySelector('[data-action="back"]')).toBeNull();
  });

  it('draws every question type with the player’s forms', () => {
    const { quiz, q } = everyTypeQuiz();
    const rating = draw(quiz, { kind: 'question', questionId: q[2] ?? 0 });
    expect(rating.container.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    const slider = draw(quiz, { kind: 'question', questionId: q[4] ?? 0 });
    expect(slider.container.querySelector('input[type="range"]')?.getAttribute('max')).toBe('100');
    const multi = draw(quiz, { kind: 'question', questionId: q[0] ?? 0 });
    expect(multi.container.querySelector('legend')?.textContent).toBe('Choose 2 to 3.');
  });

  it('draws the capture form where it is placed, even before lead capture is turned on', () => {
    const { quiz, q } = generalQuiz();
    const settings = { ...quiz.leadCaptureSettings, enabled: false, headerText: 'Almost there' };
    const atEnd = draw({ ...quiz, leadCaptureSettings: settings }, { kind: 'capture' });
    expect(atEnd.heading).toBe('Almost there');
    expect(atEnd.container.querySelector('button[type="submit"]')?.textContent).toBe('Show My Results');
    const amid = draw(
      {
        ...quiz,
        leadCaptureSettings: {
          ...settings,
          headerText: '',
          placement: { at: 'after_question', questionId: q[0] ?? 0 },
        },
      },
      { kind: 'capture' },
    );
    // Left empty, the header is the default of where the form is.
    expect(amid.heading).toBe(PLACED_LEAD_CAPTURE_TEXTS.after_question.headerText);
    expect(amid.container.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
    expect(amid.container.querySelector('[data-action="back"]')).not.toBeNull();
  });

  it('draws an outcome’s result: sanitized description, only safe links, and where a redirect goes', () => {
    const { quiz, o } = generalQuiz();
    const text = draw(quiz, { kind: 'outcome', outcomeId: o[0] ?? 0 });
    expect(text.heading).toBe('The Explorer');
    expect(text.container.querySelector('.qb-rich')?.innerHTML).toBe('<p>You <b>roam</b>.</p>');
    expect(text.container.querySelector('img')).toBeNull();
    // A call-to-action whose address is not a web address is left out, as on the published page.
    expect(text.container.querySelector('.qb-cta')).toBeNull();
    const redirect = draw(quiz, { kind: 'outcome', outcomeId: o[1] ?? 0 });
    expect(redirect.heading).toBe('Elsewhere');
    expect(redirect.container.textContent).toContain(PREVIEW_REDIRECT_TEXT);
    expect(redirect.container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/elsewhere');
  });

  it('fills a scored outcome’s shortcodes at the lowest score of its interval, with the category bars', () => {
    const { quiz } = everyTypeQuiz();
    const second = quiz.outcomes[1] as Outcome;
    const scored: Quiz = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) =>
        outcome.id === second.id
          ? { ...outcome, name: 'You scored [[score]] of [[maxScore]]', descriptions: ['[[percent]]%'] }
          : outcome,
      ),
    };
    const drawn = draw(scored, { kind: 'outcome', outcomeId: second.id });
    expect(drawn.heading).toMatch(/^You scored 11 of \d+$/);
    expect(drawn.container.querySelector('.qb-cats')?.textContent).toContain('Strategy');
  });

  it('shows the first screen for an item that is not in the quiz (deleted meanwhile)', () => {
    const { quiz } = generalQuiz();
    expect(draw(quiz, { kind: 'question', questionId: 9999 }).heading).toBe('Which traveller <are> you?');
    expect(draw(quiz, { kind: 'outcome', outcomeId: 9999 }).heading).toBe('Which traveller <are> you?');
  });
});
