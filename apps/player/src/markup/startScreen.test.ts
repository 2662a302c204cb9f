import { ar } from '@quizbeam/contracts/visitorTexts/ar';
import { describe, expect, it } from 'vitest';
import { withVisitorTexts } from '../visitorText';
import { startScreenHtml } from './startScreen';

const buttonOf = (cta: string) =>
  withVisitorTexts('ar', ar, () => {
    const container = document.createElement('div');
    container.innerHTML = startScreenHtml({ title: 'اختبار', description: '', cta });
    return container.querySelector('button')?.textContent;
  });

describe('the start page’s button', () => {
  it('is Quizbeam’s, in the quiz’s language, while the marketer left the new quiz’s text or none', () => {
    expect(buttonOf('Start')).toBe(ar.start);
    expect(buttonOf('  ')).toBe(ar.start);
  });

  it('is the marketer’s own text as written', () => {
    expect(buttonOf('ابدأ الآن')).toBe('ابدأ الآن');
    expect(buttonOf('Start now')).toBe('Start now');
  });
});
