import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { captureQuiz, openQuizPage, result, server } from '../../../testing/quizPage';

/* Every capture form setting the Capture Form tab edits, as a visitor of the published page meets it. */

async function captureScreenOf(quiz: Quiz, answers: [string, string]) {
  const view = await openQuizPage(quiz, { respond: server(() => result(quiz, null)) });
  view.click('Let’s go');
  view.click(answers[0]);
  view.click(answers[1]);
  const text = (selector: string) => view.document.querySelector(selector)?.textContent ?? null;
  return {
    header: view.heading(),
    description: text('.qb-text'),
    note: text('.qb-note'),
    privacyHref: view.document.querySelector('#qb-root form a')?.getAttribute('href') ?? null,
    consentLabel: text('label[for="qb-consent"]'),
    hasNameField: view.document.querySelector('input[name="name"]') !== null,
    hasEmailField: view.document.querySelector('input[name="email"]') !== null,
    hasSkip: [...view.document.querySelectorAll('#qb-root button')].some(
      (button) => button.textContent === 'Skip',
    ),
  };
}

const highScore: [string, string] = ['4', 'Paris'];
const lowScore: [string, string] = ['5', 'Rome'];

describe('the capture form settings on a published page', () => {
  it('shows every text and option as set', async () => {
    const { quiz } = captureQuiz({
      skippable: true,
      captureName: true,
      useConfirmationCheckbox: true,
      confirmationCheckboxText: 'Yes, send me the weekly puzzle.',
      headerText: 'Nearly there',
      descriptionText: 'Where should we send your score?',
      dataUsageNote: 'We never share your address.',
      privacyPolicyUrl: 'https://maths.example/privacy',
    });
    expect(await captureScreenOf(quiz, highScore)).toEqual({
      header: 'Nearly there',
      description: 'Where should we send your score?',
      note: 'We never share your address.',
      privacyHref: 'https://maths.example/privacy',
      consentLabel: 'Yes, send me the weekly puzzle.',
      hasNameField: true,
      hasEmailField: true,
      hasSkip: true,
    });
  });

  it('leaves out what is switched off or empty: Skip, the name field, the checkbox, the privacy link, the note', async () => {
    const { quiz } = captureQuiz({
      skippable: false,
      captureName: false,
      useConfirmationCheckbox: false,
      dataUsageNote: '',
      privacyPolicyUrl: '',
    });
    expect(await captureScreenOf(quiz, highScore)).toEqual({
      header: 'You’re All Done!',
      description: 'Enter your e-mail address below to get your results',
      note: null,
      privacyHref: null,
      consentLabel: null,
      hasNameField: false,
      hasEmailField: true,
      hasSkip: false,
    });
  });

  it('with Segment by Outcome, shows the texts of the outcome the answers lead to', async () => {
    const built = captureQuiz({
      usePerOutcomeSettings: true,
      dataUsageNote: 'Quiz note.',
      privacyPolicyUrl: 'https://maths.example/privacy',
    });
    const ownTexts = [
      {
        headerText: 'Top of the class',
        descriptionText: 'Claim your certificate.',
        dataUsageNote: 'Certificates only.',
        privacyPolicyUrl: 'https://maths.example/certificates/privacy',
      },
      {
        headerText: 'Practice makes perfect',
        descriptionText: 'Get a practice sheet.',
        dataUsageNote: '',
        privacyPolicyUrl: '',
      },
    ];
    const quiz: Quiz = {
      ...built.quiz,
      outcomes: built.quiz.outcomes.map((outcome, index) => ({
        ...outcome,
        leadCaptureSettings: { ...outcome.leadCaptureSettings, ...ownTexts[index] },
      })),
    };
    expect(await captureScreenOf(quiz, highScore)).toMatchObject({
      header: 'Top of the class',
      description: 'Claim your certificate.',
      note: 'Certificates only.',
      privacyHref: 'https://maths.example/certificates/privacy',
    });
    // The outcome's empty note and privacy link fall back to the quiz's.
    expect(await captureScreenOf(quiz, lowScore)).toMatchObject({
      header: 'Practice makes perfect',
      description: 'Get a practice sheet.',
      note: 'Quiz note.',
      privacyHref: 'https://maths.example/privacy',
    });
  });
});
