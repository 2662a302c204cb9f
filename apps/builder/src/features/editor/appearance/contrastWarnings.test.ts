import { describe, expect, it } from 'vitest';
import { sampleQuiz } from '../../../test/quizzes';
import { contrastWarnings, contrastWarningText } from './contrastWarnings';

describe('contrast warnings', () => {
  it('name the pair and its ratio, never rounding a failing ratio up to a passing one', () => {
    // #777777 on white is 4.47:1, which one decimal rounded to nearest would print as 4.5.
    expect(contrastWarningText({ pair: 'text', ratio: 4.47 })).toBe(
      'Text on background: contrast 4.4:1, below the 4.5:1 that WCAG AA asks for.',
    );
    expect(contrastWarningText({ pair: 'button', ratio: 1 })).toBe(
      'Button text on button background: contrast 1.0:1, below the 4.5:1 that WCAG AA asks for.',
    );
    expect(contrastWarningText({ pair: 'cta', ratio: 2.16 })).toBe(
      'CTA text on CTA background: contrast 2.1:1, below the 4.5:1 that WCAG AA asks for.',
    );
  });

  it('cover each pair of the quiz’s effective look that reads badly', () => {
    const theme = {
      defaults: {
        fontFamily: 'Inter',
        textColor: '#111111',
        buttonBackgroundColor: '#000000',
        buttonFontFamily: 'Inter',
        buttonTextColor: '#ffffff',
        ctaBackgroundColor: '#1d4ed8',
        ctaFontFamily: 'Inter',
        ctaTextColor: '#ffffff',
      },
      textBackdrops: ['#ffffff'],
    };
    expect(contrastWarnings(theme, sampleQuiz({}))).toEqual({});
    expect(contrastWarnings(theme, sampleQuiz({ textColor: '#777777', ctaTextColor: '#1d4ed8' }))).toEqual({
      text: 'Text on background: contrast 4.4:1, below the 4.5:1 that WCAG AA asks for.',
      cta: 'CTA text on CTA background: contrast 1.0:1, below the 4.5:1 that WCAG AA asks for.',
    });
  });
});
