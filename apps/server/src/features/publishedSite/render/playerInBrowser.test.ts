import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { everyTypeQuiz } from '@quizbeam/player/testing/everyTypeQuiz';
import { describe, expect, it, vi } from 'vitest';
import {
  CANONICAL_URL,
  captureQuiz,
  openPage,
  openQuizPage,
  type QuizPageOptions,
  result,
  SNAPSHOT_ID,
  scriptCounters,
  server,
} from '../../../testing/quizPage';
import { petQuiz } from '../../../testing/sampleQuizzes';
import { renderPublishedPage } from './renderPublishedPage';

const builds = buildPlayerAssets();
const PLAYER_URL = '/_q/player-0123abcd.js';

/**
 * Opens the rendered page in jsdom with the build of the player its script element names (the page picks
 * one of three), as a browser would load it.
 */
async function openWithItsBuild(quiz: Quiz, options: QuizPageOptions & { maxScore?: number } = {}) {
  const html = renderPublishedPage({
    quiz,
    snapshotId: SNAPSHOT_ID,
    maxScore: options.maxScore ?? 10,
    showPoweredByBadge: true,
    scripts: {
      onStartPage: '<script>window.startRan = (window.startRan || 0) + 1;</script>',
      onOptIn: '<script>window.optedIn = (window.optedIn || 0) + 1;</script>',
    },
    mode: options.mode ?? 'published',
    pageUrl: CANONICAL_URL,
    playerScriptUrl: PLAYER_URL,
    fontBaseUrl: '/_q/fonts',
  });
  const { player, playerAll, playerPreview } = await builds;
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
  const code = new Map([
    [PLAYER_URL, player.code],
    [PLAYER_URL.replace('.js', '-all.js'), playerAll.code],
    [PLAYER_URL.replace('.js', '-preview.js'), playerPreview.code],
  ]).get(scripts[0] ?? '');
  if (scripts.length !== 1 || code === undefined)
    throw new Error(`Unexpected scripts: ${scripts.join(', ')}`);
  return { ...openPage(html, code, options.respond), script: scripts[0] };
}

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
      { type: 'visit', utmSource: 'newsletter', urlFields: { utm_source: 'newsletter' } },
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
      { type: 'visit', utmSource: 'newsletter', urlFields: { utm_source: 'newsletter' } },
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
    const view = await openWithItsBuild(quiz, { mode: 'preview' });
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
    const view = await openWithItsBuild(petQuiz().quiz, { mode: 'preview' });
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
    const view = await openWithItsBuild(shelterFirst, { mode: 'preview' });
    view.click('No, I stay in');
    view.click('I do');
    await vi.waitFor(() => expect(view.heading()).toBe('Shelter'));
    expect(view.button('Continue').getAttribute('href')).toBe('https://shelter.example/visit');
    expect(view.consoleErrors).toEqual([]);
  });
});

/** The quiz of every type without start page or capture form: the first screen is its first question. */
function everyTypeWalk() {
  const built = everyTypeQuiz();
  const quiz: Quiz = { ...built.quiz, startPage: { enabled: false } };
  const A = (question: number, answer: number) => built.a[question]?.[answer] ?? 0;
  return { ...built, quiz, A };
}

type View = Awaited<ReturnType<typeof openWithItsBuild>>;

/** The visitor's hands: ticks, picks, slides, types and presses keys as a browser would report them. */
function hands(view: View) {
  const { document, window } = view;
  const control = <T extends HTMLElement>(selector: string) => {
    const found = document.querySelector<T>(`#qb-root ${selector}`);
    if (!found) throw new Error(`No ${selector} on ${view.heading()}`);
    return found;
  };
  const type = (selector: string, text: string) => {
    const field = control<HTMLInputElement>(selector);
    field.value = text;
    field.dispatchEvent(new window.Event('input', { bubbles: true }));
  };
  const press = (selector: string, key: string) =>
    control(selector).dispatchEvent(
      new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
  const tick = (value: number) => control(`input[value="${value}"]`).click();
  return { control, type, press, tick, next: () => view.click('Next') };
}

describe('every question type on a published page', () => {
  it('loads the build with every type, takes each response, keeps them through Back and Forward, and sends their shapes', async () => {
    const { quiz, q, A } = everyTypeWalk();
    const answered = {
      outcomeId: quiz.outcomes[1]?.id ?? null,
      score: 14,
      maxScore: 16,
      percent: 88,
      categories: [
        { id: 1, name: 'Strategy', score: 9, maxScore: 11, percent: 82 },
        { id: 2, name: 'Reach', score: 5, maxScore: 5, percent: 100 },
      ],
      showCategoryBars: true,
      descriptionIndex: 0,
      outcome: {
        type: 'text',
        title: 'Well done',
        descriptionHtml: '',
        imageUrl: null,
        shareable: false,
        cta: null,
      },
    };
    const view = await openWithItsBuild(quiz, { respond: server(() => answered) });
    expect(view.script).toBe('/_q/player-0123abcd-all.js');
    const { control, type, press, tick, next } = hands(view);
    expect(view.heading()).toBe('Which channels do you use?');
    tick(A(0, 0));
    tick(A(0, 1));
    next();
    tick(A(1, 1));
    next();
    expect(view.heading()).toBe('How do you rate us?');

    // The browser's Back shows the ticks given; Forward, the next question again.
    view.window.history.back();
    await vi.waitFor(() => expect(view.heading()).toBe('Pick your favourites'));
    expect(control<HTMLInputElement>(`input[value="${A(1, 1)}"]`).checked).toBe(true);
    view.window.history.forward();
    await vi.waitFor(() => expect(view.heading()).toBe('How do you rate us?'));

    control('input[name="value"][value="4"]').click();
    next();
    control('input[name="value"][value="9"]').click();
    next();
    type('input[type="range"]', '85');
    expect(control('input[type="range"]').getAttribute('aria-valuetext')).toBe('85 people');
    next();
    control<HTMLInputElement>('input[type="number"]').value = '7';
    next();
    type('input[type="search"]', 'est');
    press('input[type="search"]', 'ArrowDown');
    expect(view.document.activeElement?.tagName).toBe('SELECT');
    press('select', 'Enter');
    expect(view.heading()).toBe('Anything else?');
    next();
    control<HTMLInputElement>('input[name="text"]').value = 'Founder';
    next();

    await vi.waitFor(() => expect(view.heading()).toBe('Well done'));
    const responses = [
      { questionId: q[0], answerIds: [A(0, 0), A(0, 1)] },
      { questionId: q[1], answerIds: [A(1, 1)] },
      { questionId: q[2], value: 4 },
      { questionId: q[3], value: 9 },
      { questionId: q[4], value: 85 },
      { questionId: q[5], value: 7 },
      { questionId: q[6], answerId: A(6, 6) },
      { questionId: q[7], text: '' },
      { questionId: q[8], text: 'Founder' },
    ];
    const complete = view.requests.filter((request) => request.url === '/_q/complete');
    expect(complete.map((request) => request.body.answers)).toEqual([responses]);
    const answerEvents = view.eventsSent().filter((event) => (event as { type: string }).type === 'answer');
    expect(answerEvents).toEqual(responses.map((response) => ({ type: 'answer', ...response })));
    const bars = [...view.document.querySelectorAll('.qb-cats li')].map((item) => item.textContent);
    expect(bars).toEqual(['Strategy: 82%', 'Reach: 100%']);
    expect(view.consoleErrors).toEqual([]);
  });

  it('in preview, scores every type in the page and fills the category shortcodes', async () => {
    const { quiz, A } = everyTypeWalk();
    const titled: Quiz = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({
        ...outcome,
        name: 'Strategy [[percent:Strategy]]%',
        descriptions: ['[[score]] of [[maxScore]]'],
      })),
    };
    const view = await openWithItsBuild(titled, { mode: 'preview', maxScore: 16 });
    expect(view.script).toBe('/_q/player-0123abcd-preview.js');
    const { control, type, tick, next } = hands(view);
    tick(A(0, 1));
    tick(A(0, 2));
    next();
    tick(A(1, 0));
    next();
    control('input[name="value"][value="5"]').click();
    next();
    control('input[name="value"][value="0"]').click();
    next();
    type('input[type="range"]', '20');
    next();
    control<HTMLInputElement>('input[type="number"]').value = '1';
    next();
    control<HTMLSelectElement>('select').value = String(A(6, 0));
    next();
    next();
    control<HTMLInputElement>('input[name="text"]').value = 'CEO';
    next();
    // Social and Ads (4) and five stars (5): Strategy 9 of 11; a small team (2): Reach 2 of 5.
    await vi.waitFor(() => expect(view.heading()).toBe('Strategy 82%'));
    expect(view.document.querySelector('.qb-rich')?.textContent).toBe('11 of 16');
    const bars = [...view.document.querySelectorAll('.qb-cats li')].map((item) => item.textContent);
    expect(bars).toEqual(['Strategy: 82%', 'Reach: 40%']);
    expect(view.requests).toEqual([]);
  });

  it('keeps a quiz of single choices on the smallest build', async () => {
    const view = await openWithItsBuild(petQuiz().quiz);
    expect(view.script).toBe(PLAYER_URL);
  });
});
