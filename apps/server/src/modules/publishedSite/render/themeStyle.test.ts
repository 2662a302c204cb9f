import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { describe, expect, it } from 'vitest';
import { colorLuminance, themeStyle } from './themeStyle';

const quiz = newQuiz({ id: 'q', name: 'Quiz', type: 'general' });
const image = (url: string) => ({
  id: 'i',
  accountId: 'a',
  filename: 'b.jpg',
  s3Key: 'k',
  url,
  width: 1,
  height: 1,
});

describe('themeStyle', () => {
  it('turns the quiz’s colours and fonts into custom properties', () => {
    const style = themeStyle({
      ...quiz,
      textColor: 'hsl(210, 40%, 20%)',
      buttonBackgroundColor: 'rgba(1,2,3,0.5)',
      ctaBackgroundColor: 'tomato',
      ctaFontFamily: 'Playfair Display',
    });
    expect(style).toMatch(/^:root\{.*\}$/);
    expect(style).toContain('--qb-text:hsl(210, 40%, 20%)');
    expect(style).toContain('--qb-btn-bg:rgba(1,2,3,0.5)');
    expect(style).toContain('--qb-cta-bg:tomato');
    expect(style).toContain('--qb-cta-font:"Playfair Display",system-ui');
    expect(style).not.toContain('--qb-card');
  });

  it('leaves empty or unsafe values to the player’s defaults', () => {
    const style = themeStyle({
      ...quiz,
      textColor: '',
      fontFamily: 'x";}body{display:none',
      buttonBackgroundColor: 'red;background:url(https://evil.example/t)',
      buttonTextColor: 'expression(alert(1))',
      buttonFontFamily: '',
      ctaBackgroundColor: '',
      ctaTextColor: '',
      ctaFontFamily: '',
    });
    expect(style).toBe('');
  });

  it('keeps the background image URL inside its CSS string', () => {
    const style = themeStyle({ ...quiz, backgroundImage: image('https://cdn.example/a b"c\\d</style>.jpg') });
    expect(style).toContain('--qb-bg:url("https://cdn.example/a%20b%22c/d%3C/style%3E.jpg")');
    expect(themeStyle({ ...quiz, backgroundImage: image('javascript:alert(1)') })).not.toContain('--qb-bg');
  });

  it('puts a dark card behind light text', () => {
    expect(themeStyle({ ...quiz, textColor: '#fff' })).toContain('--qb-card:rgba(17,24,39,.88)');
    expect(themeStyle({ ...quiz, textColor: 'rgb(240, 240, 240)' })).toContain('--qb-card:');
    expect(themeStyle({ ...quiz, textColor: '#1f2937' })).not.toContain('--qb-card:');
    expect(colorLuminance('#000000')).toBe(0);
    expect(colorLuminance('white')).toBeCloseTo(1);
    expect(colorLuminance('papayawhip')).toBeNull();
  });
});
