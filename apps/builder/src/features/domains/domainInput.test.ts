import { describe, expect, it } from 'vitest';
import { domainFromInput, domainWhileTyping } from './domainInput';

describe('domainFromInput', () => {
  it('keeps a domain of any number of parts as it is, in lower case', () => {
    expect(domainFromInput('quiz.brand.co.uk')).toBe('quiz.brand.co.uk');
    expect(domainFromInput(' My-Quiz.Example.com ')).toBe('my-quiz.example.com');
    expect(domainFromInput('quiz_site!.example.com')).toBe('quiz_site!.example.com');
  });

  it('takes the domain out of a URL: scheme, user, path, query, fragment and port go', () => {
    expect(domainFromInput('http://www.example.co.uk/')).toBe('www.example.co.uk');
    expect(domainFromInput('https://Quiz.Example.com/landing?x=1')).toBe('quiz.example.com');
    expect(domainFromInput('https://ann@quiz.example.com:8443/a#b')).toBe('quiz.example.com');
    expect(domainFromInput('quiz.example.com:8080')).toBe('quiz.example.com');
    expect(domainFromInput('quiz.example.com?utm_source=x')).toBe('quiz.example.com');
  });
});

describe('domainWhileTyping', () => {
  it('lower-cases and drops a scheme once its // is typed, leaving the rest as typed', () => {
    expect(domainWhileTyping('Quiz.Brand.co.uk')).toBe('quiz.brand.co.uk');
    expect(domainWhileTyping('https:')).toBe('https:');
    expect(domainWhileTyping('https:/')).toBe('https:/');
    expect(domainWhileTyping('https://')).toBe('');
    expect(domainWhileTyping('quiz.example.com/landing?x=1')).toBe('quiz.example.com/landing?x=1');
  });
});
