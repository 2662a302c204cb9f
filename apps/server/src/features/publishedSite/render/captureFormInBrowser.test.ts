import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it, vi } from 'vitest';
import {
  captureQuiz,
  openQuizPage,
  PAGE_URL,
  result,
  SNAPSHOT_ID,
  scriptCounters,
  server,
} from '../../../testing/quizPage';

describe('the capture form on a published page', () => {
  it('runs the start-page script on load, validates the capture form, keeps the email through a failed send, and runs the opt-in code after the lead is saved', async () => {
    const {
      quiz,
      questionIds: q,
      answerIds: a,
      outcomeIds: o,
    } = captureQuiz({
      captureName: true,
      useConfirmationCheckbox: true,
      headerText: '',
      privacyPolicyUrl: 'https://maths.example/privacy',
      dataUsageNote: 'We send one email a week.',
      skippable: true,
    });
    let failNext = true;
    const view = await openQuizPage(quiz, {
      respond: server(() => {
        if (failNext) {
          failNext = false;
          return new Error('offline');
        }
        return result(quiz, o[0] ?? 0, 10, 10);
      }),
    });
    const window = scriptCounters(view.window);
    expect(window.startRan).toBe(1);
    expect(view.heading()).toBe('Quick maths');
    expect(view.status()).toBe('');

    view.click('Let’s go');
    expect(view.heading()).toBe('What is 2 + 2?');
    view.click('4');
    view.click('Paris');

    expect(view.heading()).toBe('You’re All Done!');
    expect(view.document.querySelector('.qb-text')?.textContent).toBe(
      'Enter your e-mail address below to get your results',
    );
    expect(view.document.querySelector('label[for="qb-consent"]')?.textContent).toBe(
      'I confirm I have read the Privacy Policy and understand how my data will be used.',
    );
    expect(view.document.querySelector('a[href="https://maths.example/privacy"]')?.textContent).toBe(
      'Privacy Policy',
    );
    expect(view.document.querySelector('.qb-note')?.textContent).toBe('We send one email a week.');
    expect(view.button('Skip')).toBeTruthy();

    const errorOf = (field: string) => view.document.getElementById(`qb-${field}-error`);
    view.click('Show My Results');
    expect(errorOf('name')?.textContent).toBe('Please enter your name.');
    expect(errorOf('email')?.textContent).toBe('Please enter your email address.');
    expect(errorOf('consent')?.textContent).toBe('Please tick the box to continue.');
    expect(view.input('email').getAttribute('aria-invalid')).toBe('true');
    expect(view.document.activeElement).toBe(view.input('name'));

    view.type('name', 'Ada');
    view.type('email', 'ada@example');
    view.input('consent').checked = true;
    view.click('Show My Results');
    expect(errorOf('name')?.hidden).toBe(true);
    expect(errorOf('email')?.textContent).toBe('Please enter a valid email address.');
    expect(view.document.activeElement).toBe(view.input('email'));
    expect(view.requests.filter((request) => request.url === '/_q/leads')).toHaveLength(0);

    view.type('email', ' ada@example.com ');
    view.click('Show My Results');
    await vi.waitFor(() => expect(view.document.getElementById('qb-send-error')?.hidden).toBe(false));
    expect(view.document.getElementById('qb-send-error')?.textContent).toContain(
      'We couldn’t send your details.',
    );
    expect(view.input('email').value).toBe('ada@example.com');
    expect(window.optedIn).toBeUndefined();

    view.click('Retry');
    await vi.waitFor(() => expect(view.heading()).toBe('Top marks: 10/10'));
    expect(view.document.querySelector('.qb-rich')?.textContent).toBe('You scored 10 of 10.');
    expect(window.optedIn).toBe(1);
    const leads = view.requests.filter((request) => request.url === '/_q/leads');
    expect(leads).toHaveLength(2);
    expect(leads[1]?.body).toEqual({
      snapshotId: SNAPSHOT_ID,
      visitId: expect.stringMatching(/^[A-Za-z0-9_-]{22,64}$/),
      answers: [
        { questionId: q[0], answerId: a[0]?.[0] },
        { questionId: q[1], answerId: a[1]?.[0] },
      ],
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      pageUrl: PAGE_URL,
      // The quiz's URL fields the address has, and the id the browser's Lead event shares with server-side
      // conversions; the quiz does not ask for consent.
      urlFields: { utm_source: 'newsletter' },
      measurement: { eventId: `lead.${leads[1]?.body.visitId}`, consent: 'not-asked' },
    });
    expect(view.requests.some((request) => request.url === '/_q/complete')).toBe(false);
  });

  it('sends a lead without a name when the form does not ask for one, and uses the outcome’s own texts', async () => {
    const built = captureQuiz({
      captureName: false,
      usePerOutcomeSettings: true,
      descriptionText: 'Quiz text.',
    });
    const { quiz, outcomeIds: o } = built;
    const segmented: Quiz = {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) =>
        outcome.id === o[1]
          ? {
              ...outcome,
              leadCaptureSettings: {
                ...outcome.leadCaptureSettings,
                headerText: 'So close!',
                descriptionText: '',
              },
            }
          : outcome,
      ),
    };
    const view = await openQuizPage(segmented, {
      respond: server(() => result(segmented, o[1] ?? 0, 0, 10)),
    });
    view.click('Let’s go');
    view.click('5');
    view.click('Rome');
    expect(view.heading()).toBe('So close!');
    expect(view.document.querySelector('.qb-text')?.textContent).toBe('Quiz text.');
    expect(view.document.querySelector('input[name="name"]')).toBeNull();
    expect(view.document.querySelector('input[name="consent"]')).toBeNull();
    expect(() => view.button('Skip')).toThrow();

    view.type('email', 'bo@example.org');
    view.click('Show My Results');
    await vi.waitFor(() => expect(view.heading()).toBe('Keep practising'));
    expect(view.document.querySelector('.qb-rich')?.textContent).toBe('Only 0.');
    const lead = view.requests.find((request) => request.url === '/_q/leads');
    expect(lead?.body).toMatchObject({ email: 'bo@example.org', name: null, consent: false });
  });

  it('completes without a lead when the visitor skips the form', async () => {
    const { quiz, outcomeIds: o } = captureQuiz({ skippable: true });
    const view = await openQuizPage(quiz, { respond: server(() => result(quiz, o[0] ?? 0, 10, 10)) });
    view.click('Let’s go');
    view.click('4');
    view.click('Paris');
    view.click('Skip');
    await vi.waitFor(() => expect(view.heading()).toBe('Top marks: 10/10'));
    expect(view.requests.map((request) => request.url)).toContain('/_q/complete');
    expect(view.requests.map((request) => request.url)).not.toContain('/_q/leads');
    expect(scriptCounters(view.window).optedIn).toBeUndefined();
  });
});
