import { describe, expect, it } from 'vitest';
import { sanitizeDomainInput } from './sanitizeDomainInput';

describe('sanitizeDomainInput', () => {
  it('keeps letters, digits, hyphens and dots only', () => {
    expect(sanitizeDomainInput('quiz_site!.exa mple.com')).toBe('quizsite.example.com');
    expect(sanitizeDomainInput('my-quiz.Example.com')).toBe('my-quiz.Example.com');
  });

  it('keeps at most 3 dot-separated parts, so a fourth dot is refused while typing', () => {
    expect(sanitizeDomainInput('quiz.example.com.')).toBe('quiz.example.com');
    expect(sanitizeDomainInput('a.quiz.example.com')).toBe('a.quiz.example');
    expect(sanitizeDomainInput('example.com.')).toBe('example.com.');
  });

  it('drops the scheme and path of a pasted URL', () => {
    expect(sanitizeDomainInput(' https://quiz.example.com/which-dog?x=1 ')).toBe('quiz.example.com');
    expect(sanitizeDomainInput('http://example.com')).toBe('example.com');
  });
});
