import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it, vi } from 'vitest';
import {
  CANONICAL_URL,
  captureQuiz,
  openQuizPage,
  result,
  SNAPSHOT_ID,
  scriptCounters,
  server,
} from '../../../testing/quizPage';
import { petQuiz } from '../../../testing/sampleQuizzes';

describe('the player on a published page', () => {
  it('walks a branching quiz, goes Back along the visitor’s own path, and shows the outcome the server returns', async () => {
    const { quiz, questionIds: q, answerIds: a, outcomeIds: o } = petQuiz();
    const view = await openQuizPage(quiz, { respond: server(() => result(quiz, o[0] ?? 0, 0, 0, 1)) });
    expect(view.heading()).toBe('Do you like going outside?');
    expect(view.status()).toBe('Question 1 of 3');

    view.click('Yes, every day');
    expect(view.heading()).toBe('How big is your garden?');
    // The branch skips a question; the total shown stays (the bar fills only when the quiz is done).
    expect(view.status()).toBe('Question 2 of 3');
    expect(view.document.activeElement?.id).toBe('qb-heading');
    const imageButtons = [...view.document.querySelectorAll('.qb-answers--images button')];
    expect(imageButtons.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      'https://cdn.example/big.png',
      'https://cdn.example/none.png',
    ]);
    expect(imageButtons.map((button) => button.textContent)).toEqual(['A big garden', 'None']);

    view.click('Back');
    await vi.waitFor(() => expect(view.heading()).toBe('Do you like going outside?'));
    expect(view.status()).toBe('Question 1 of 3');
    expect(() => view.button('Back')).toThrow();

    view.click('No, I stay in');
    expect(view.heading()).toBe('Do you mind fur on the sofa?');
    expect(view.status()).toBe('Question 2 of 3');
    view.click('I do');

    await vi.waitFor(() => expect(view.heading()).toBe('Dog person'));
    expect(view.document.activeElement?.id).toBe('qb-heading');
    const complete = view.requests.filter((request) => request.url === '/_q/complete');
    expect(complete).toHaveLength(1);
    expect(complete[0]?.body).toEqual({
      snapshotId: SNAPSHOT_ID,
      visitId: expect.stringMatching(/^[A-Za-z0-9_-]{22,64}$/),
      answers: [
        { questionId: q[0], answerId: a[0]?.[1] },
        { questionId: q[1], answerId: a[1]?.[1] },
      ],
    });
    // descriptionIndex 1: the alternate description.
    expect(view.document.querySelector('.qb-rich')?.innerHTML).toBe('Second dog text');
    expect(view.document.querySelector('.qb-image')?.getAttribute('src')).toBe('https://cdn.example/dog.png');
    expect(view.button('Adopt a dog').getAttribute('href')).toBe('https://pets.example/dogs');
    const share = [...view.document.querySelectorAll('.qb-share a')].map((link) => link.getAttribute('href'));
    expect(share).toEqual([
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(CANONICAL_URL)}`,
      `https://x.com/intent/tweet?text=${encodeURIComponent('I got “Dog person” on Which pet suits you?')}&url=${encodeURIComponent(CANONICAL_URL)}`,
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(CANONICAL_URL)}`,
    ]);

    // Events went out before the completion, in keepalive requests of the same visit.
    expect(view.eventsSent()).toEqual([
      { type: 'visit', utmSource: 'newsletter' },
      { type: 'start' },
      { type: 'shown', questionId: q[0] },
      { type: 'answer', questionId: q[0], answerId: a[0]?.[0] },
      { type: 'shown', questionId: q[2] },
      { type: 'shown', questionId: q[0] },
      { type: 'answer', questionId: q[0], answerId: a[0]?.[1] },
      { type: 'shown', questionId: q[1] },
      { type: 'answer', questionId: q[1], answerId: a[1]?.[1] },
    ]);
    const urls = view.requests.map((request) => request.url);
    expect(urls.lastIndexOf('/_q/events')).toBeLessThan(urls.indexOf('/_q/complete'));
    for (const request of view.requests.filter((sent) => sent.url === '/_q/events')) {
      expect(request.init.keepalive).toBe(true);
      expect(request.body.visitId).toBe(complete[0]?.body.visitId);
      expect(request.body.snapshotId).toBe(SNAPSHOT_ID);
    }
  });

  it('makes each question an entry of the page’s history: the browser’s Back and Forward move between questions', async () => {
    const { quiz, questionIds: q, answerIds: a, outcomeIds: o } = petQuiz();
    const view = await openQuizPage(quiz, { respond: server(() => result(quiz, o[1] ?? 0)) });
    const { history } = view.window;
    const entries = history.length;
    view.click('No, I stay in');
    expect(view.heading()).toBe('Do you mind fur on the sofa?');
    expect(history.length).toBe(entries + 1);

    history.back();
    await vi.waitFor(() => expect(view.heading()).toBe('Do you like going outside?'));
    expect(view.status()).toBe('Question 1 of 3');
    expect(() => view.button('Back')).toThrow();
    history.forward();
    await vi.waitFor(() => expect(view.heading()).toBe('Do you mind fur on the sofa?'));
    expect(view.button('Back')).toBeTruthy();

    view.click('I don’t mind');
    expect(view.heading()).toBe('How big is your garden?');
    history.back();
    await vi.waitFor(() => expect(view.heading()).toBe('Do you mind fur on the sofa?'));
    view.click('I do');
    await vi.waitFor(() => expect(view.heading()).toBe('Cat person'));
    // The result is final: Back no longer changes the screen, and only the path taken was sent.
    history.back();
    await new Promise((resolve) => view.window.addEventListener('popstate', resolve, { once: true }));
    expect(view.heading()).toBe('Cat person');
    const complete = view.requests.filter((request) => request.url === '/_q/complete');
    expect(complete.map((request) => request.body.answers)).toEqual([
      [
        { questionId: q[0], answerId: a[0]?.[1] },
        { questionId: q[1], answerId: a[1]?.[1] },
      ],
    ]);
  });

  it('sends the queued events at once when the page is hidden', async () => {
    const { quiz, questionIds } = petQuiz();
    const view = await openQuizPage(quiz);
    expect(view.requests).toHaveLength(0);
    view.window.dispatchEvent(new view.window.Event('pagehide'));
    expect(view.requests).toHaveLength(1);
    expect(view.requests[0]?.init.keepalive).toBe(true);
    expect(view.eventsSent()).toEqual([
      { type: 'visit', utmSource: 'newsletter' },
      { type: 'start' },
      { type: 'shown', questionId: questionIds[0] },
    ]);
  });

  it('escapes question and answer text on the screens it renders', async () => {
    const attack = '<img src=x onerror="window.hacked=1">';
    const { quiz } = petQuiz();
    const risky: Quiz = {
      ...quiz,
      questions: quiz.questions.map((question, index) =>
        index === 1
          ? {
              ...question,
              text: attack,
              answers: question.answers.map((answer) => ({ ...answer, text: attack })),
            }
          : question,
      ),
    };
    const view = await openQuizPage(risky);
    view.click('No, I stay in');
    expect(view.heading()).toBe(attack);
    expect(view.document.querySelector('#qb-root img')).toBeNull();
    expect(view.document.querySelectorAll('.qb-answer')[0]?.textContent).toBe(attack);
  });

  it('shows a clear error with Retry when the result cannot be loaded', async () => {
    const { quiz, outcomeIds: o } = petQuiz();
    let attempts = 0;
    const view = await openQuizPage(quiz, {
      respond: server(() => (++attempts === 1 ? new Error('offline') : result(quiz, o[1] ?? 0))),
    });
    view.click('No, I stay in');
    view.click('I do');
    await vi.waitFor(() => expect(view.heading()).toBe('We couldn’t load your results'));
    view.click('Retry');
    await vi.waitFor(() => expect(view.heading()).toBe('Cat person'));
    expect(attempts).toBe(2);
  });

  it('sends the visitor to a redirect outcome’s address', async () => {
    const { quiz, outcomeIds: o } = petQuiz();
    const view = await openQuizPage(quiz, { respond: server(() => result(quiz, o[3] ?? 0)) });
    view.click('No, I stay in');
    view.click('I do');
    await vi.waitFor(() => expect(view.heading()).toBe('Taking you to your results…'));
    expect(view.button('Continue').getAttribute('href')).toBe('https://shelter.example/visit');
    // jsdom does not navigate; it reports the attempt.
    expect(view.consoleErrors.some((message) => /navigation/i.test(message))).toBe(true);
  });

  it('leaves out the start-page script when the quiz has no start page', async () => {
    const view = await openQuizPage(petQuiz().quiz);
    expect(scriptCounters(view.window).startRan).toBeUndefined();
  });
});

describe('the player in preview', () => {
  it('computes the outcome in the page and sends no request at all, even through the capture form', async () => {
    const { quiz } = captureQuiz({ captureName: false });
    const view = await openQuizPage(quiz, { mode: 'preview' });
    expect(scriptCounters(view.window).startRan).toBeUndefined();
    view.click('Let’s go');
    view.click('4');
    view.click('Rome');
    view.type('email', 'preview@example.com');
    view.click('Show My Results');
    await vi.waitFor(() => expect(view.heading()).toBe('Keep practising'));
    expect(view.document.querySelector('.qb-rich')?.textContent).toBe('Only 5.');
    view.window.dispatchEvent(new view.window.Event('pagehide'));
    expect(view.requests).toEqual([]);
  });

  it('finds a general quiz’s outcome by the most chosen answers', async () => {
    const view = await openQuizPage(petQuiz().quiz, { mode: 'preview' });
    view.click('Yes, every day');
    view.click('A big garden');
    await vi.waitFor(() => expect(view.heading()).toBe('Dog person'));
    expect(view.document.querySelector('.qb-rich')?.innerHTML).toBe('<b>Walks</b> galore.<br>Every day.');
    expect(view.requests).toEqual([]);
  });

  it('shows where a redirect outcome would go instead of leaving the editor', async () => {
    const { quiz, outcomeIds: o } = petQuiz();
    const shelterFirst: Quiz = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({
        ...outcome,
        rank: outcome.id === o[3] ? 0 : outcome.rank,
      })),
      questions: quiz.questions.map((question) => ({
        ...question,
        answers: question.answers.map((answer) => ({ ...answer, outcome: o[3] ?? null })),
      })),
    };
    const view = await openQuizPage(shelterFirst, { mode: 'preview' });
    view.click('No, I stay in');
    view.click('I do');
    await vi.waitFor(() => expect(view.heading()).toBe('Shelter'));
    expect(view.button('Continue').getAttribute('href')).toBe('https://shelter.example/visit');
    expect(view.consoleErrors).toEqual([]);
  });
});
