import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, embedCode, embedOptionsProblems } from './embedCodes';
import { inlineEmbedCode } from './publishing';

const QUIZ_URL = 'https://quizzes.example.com/team-fit';
const SCRIPT = '<script src="https://quizzes.example.com/_q/embed.js" async></script>';
const options = (changes: Partial<EmbedOptions>): EmbedOptions => ({ ...DEFAULT_EMBED_OPTIONS, ...changes });

describe('the embed codes', () => {
  it('keeps the inline code byte for byte, whatever else is set', () => {
    expect(embedCode(QUIZ_URL, options({ trigger: 'exit', capDays: 7, title: 'Team fit' }))).toBe(
      inlineEmbedCode(QUIZ_URL),
    );
  });

  it('writes a popup opened by its button, with the button’s text and the quiz’s title', () => {
    expect(
      embedCode(QUIZ_URL, options({ mode: 'popup', buttonText: ' Find your fit ', title: 'Team fit' })),
    ).toBe(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="click" ` +
        `data-quizbeam-button="Find your fit" data-quizbeam-title="Team fit"></div>\n${SCRIPT}`,
    );
  });

  it('writes a slide-in after a delay from its corner, capped, storing the cap only after consent', () => {
    const code = embedCode(
      QUIZ_URL,
      options({
        mode: 'slide-in',
        trigger: 'delay',
        delaySeconds: 12,
        corner: 'left',
        capDays: 7,
        consentRequired: true,
      }),
    );
    expect(code).toBe(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="slide-in" data-quizbeam-trigger="delay" ` +
        'data-quizbeam-delay="12" data-quizbeam-corner="left" data-quizbeam-cap-days="7" ' +
        `data-quizbeam-consent="required"></div>\n${SCRIPT}`,
    );
  });

  it('writes the exit-intent and scroll triggers with their settings only', () => {
    expect(embedCode(QUIZ_URL, options({ mode: 'full-page', trigger: 'exit' }))).toContain(
      'data-quizbeam-mode="full-page" data-quizbeam-trigger="exit" data-quizbeam-delay="5" data-quizbeam-cap-days="0">',
    );
    const scroll = embedCode(QUIZ_URL, options({ mode: 'popup', trigger: 'scroll', scrollPercent: 75 }));
    expect(scroll).toContain('data-quizbeam-scroll="75"');
    expect(scroll).not.toMatch(/delay|button|corner/);
  });

  it('writes the defaults for nonsense numbers and escapes the texts it puts in attributes', () => {
    const code = embedCode(
      QUIZ_URL,
      options({
        mode: 'popup',
        trigger: 'delay',
        delaySeconds: Number.NaN,
        capDays: -3,
        title: 'A "quiz" <b>&',
      }),
    );
    expect(code).toContain('data-quizbeam-delay="5" data-quizbeam-cap-days="0"');
    expect(code).toContain('data-quizbeam-title="A &quot;quiz&quot; &lt;b&gt;&amp;"');
    expect(embedCode(QUIZ_URL, options({ mode: 'popup', buttonText: '  ' }))).toContain(
      'data-quizbeam-button="Take the quiz"',
    );
  });
});

describe('the embed options’ problems', () => {
  it('says why each nonsense value is not used and which default is', () => {
    expect(
      embedOptionsProblems(options({ mode: 'popup', trigger: 'delay', delaySeconds: 0, capDays: 400 })),
    ).toEqual({
      delaySeconds: 'Use a delay from 1 to 600 seconds; 5 is used.',
      capDays: 'Use from 0 to 365 days (0 shows it on every visit); 0 is used.',
    });
    expect(
      embedOptionsProblems(options({ mode: 'slide-in', trigger: 'scroll', scrollPercent: 2.5 })),
    ).toEqual({
      scrollPercent: 'Use a scroll depth from 1 to 100 percent; 50 is used.',
    });
    expect(embedOptionsProblems(options({ mode: 'popup', buttonText: '' }))).toEqual({
      buttonText: 'Enter the button’s text; "Take the quiz" is used.',
    });
  });

  it('ignores the settings a mode or trigger does not use', () => {
    expect(embedOptionsProblems(options({ delaySeconds: -1, scrollPercent: 0, buttonText: '' }))).toEqual({});
    expect(
      embedOptionsProblems(options({ mode: 'popup', trigger: 'click', delaySeconds: -1, capDays: -1 })),
    ).toEqual({});
  });

  it('finds nothing wrong with the defaults', () => {
    for (const mode of ['inline', 'popup', 'slide-in', 'full-page'] as const)
      for (const trigger of ['click', 'delay', 'scroll', 'exit'] as const)
        expect(embedOptionsProblems(options({ mode, trigger }))).toEqual({});
  });
});
