import { gzipSync } from 'node:zlib';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { type PublishedPageInput, renderPublishedPage } from './renderPublishedPage';
import { mathsQuiz, petQuiz } from './testQuizzes';

const START_SCRIPT = '<script>window.startPageRan = true;</script>';
const OPT_IN_SCRIPT =
  '<script src="https://ads.example/pixel.js"></script><script>window.optedIn = 1;</script>';

function render(quiz: Quiz, overrides: Partial<PublishedPageInput> = {}): string {
  return renderPublishedPage({
    quiz,
    snapshotId: '11111111-2222-4333-8444-555555555555',
    maxScore: 10,
    showPoweredByBadge: true,
    scripts: { onStartPage: START_SCRIPT, onOptIn: OPT_IN_SCRIPT },
    mode: 'published',
    pageUrl: 'https://quiz.example/abcd1234',
    playerScriptUrl: '/_q/player-0123abcd.js',
    ...overrides,
  });
}

const dataOf = (html: string) => {
  const json = /<script type="application\/json" id="quizbeam-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no data element');
  return JSON.parse(json) as { mode: string; snapshotId: string; quiz: Quiz };
};

const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

describe('renderPublishedPage', () => {
  it('renders the start page as the first screen when the quiz has one', () => {
    const html = render(mathsQuiz().quiz);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h1 id="qb-heading" class="qb-title" tabindex="-1">Quick maths</h1>');
    expect(html).toContain('<p class="qb-text">Two questions.</p>');
    expect(html).toContain('data-action="start">Let’s go</button>');
    expect(html).not.toContain('data-answer=');
  });

  it('renders the first question with its answers and progress when the start page is off', () => {
    const { quiz, answerIds } = petQuiz();
    const html = render(quiz);
    expect(html).toContain('>Do you like going outside?</h1>');
    expect(html).toContain(`data-answer="${answerIds[0]?.[0]}">Yes, every day</button>`);
    expect(html).toContain(`data-answer="${answerIds[0]?.[1]}">No, I stay in</button>`);
    expect(html).toContain('<p id="qb-status" class="qb-status" aria-live="polite">Question 1 of 3</p>');
    expect(html).not.toContain('data-action="start"');
    expect(html).not.toContain('data-action="back"');
  });

  it('escapes the marketer’s text everywhere it appears', () => {
    const attack = '"><img src=x onerror=alert(1)>';
    const { quiz } = petQuiz({ title: attack, description: attack });
    const withText = {
      ...quiz,
      questions: quiz.questions.map((question, index) =>
        index === 0
          ? {
              ...question,
              text: attack,
              answers: question.answers.map((answer) => ({ ...answer, text: attack })),
            }
          : question,
      ),
    };
    const html = render(withText);
    const withoutData = html.replace(/<script type="application\/json".*?<\/script>/s, '');
    expect(withoutData).not.toContain('<img src=x');
    expect(withoutData).toContain('&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('<title>&#34;&#62;&#60;img src=x onerror=alert(1)&#62;</title>');
  });

  it('puts the player data in a JSON element that no text can close, with integration settings left out', () => {
    const closing = '</script><script>alert(1)</script>';
    const base = mathsQuiz().quiz;
    const quiz: Quiz = {
      ...base,
      description: closing,
      leadCaptureSettings: {
        ...base.leadCaptureSettings,
        enabled: true,
        connectionId: 'conn-secret',
        targetId: 'list-secret',
        targetServiceName: 'MailChimp',
        headerText: '',
        descriptionText: ' ',
        confirmationCheckboxText: '',
      },
    };
    const html = render(quiz);
    // The player, the data, the two opt-in scripts and the start-page script.
    expect(html.match(/<\/script>/g)).toHaveLength(5);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const data = dataOf(html);
    expect(data.quiz.description).toBe(closing);
    expect(data.mode).toBe('published');
    expect(data.snapshotId).toBe('11111111-2222-4333-8444-555555555555');
    expect(html).not.toContain('secret');
    expect(data.quiz.leadCaptureSettings).toMatchObject({
      connectionId: null,
      targetId: null,
      targetServiceName: null,
      headerText: DEFAULT_LEAD_CAPTURE_TEXTS.headerText,
      descriptionText: DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
      confirmationCheckboxText: DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
    });
  });

  it('sanitizes outcome descriptions and drops unsafe links and images in the data', () => {
    const { quiz } = petQuiz();
    const [first, ...rest] = quiz.outcomes;
    if (!first) throw new Error('fixture');
    const html = render({
      ...quiz,
      outcomes: [
        {
          ...first,
          descriptions: ['<b>Hi</b><script>steal()</script><img src=x onerror=alert(1)>'],
          ctaUrl: 'javascript:alert(1)',
          image: first.image && { ...first.image, url: 'data:image/svg+xml,<svg onload=alert(1)>' },
        },
        ...rest,
      ],
    });
    const outcome = dataOf(html).quiz.outcomes[0];
    expect(outcome?.descriptions).toEqual(['<b>Hi</b>']);
    expect(outcome?.ctaUrl).toBe('');
    expect(outcome?.image).toBeNull();
  });

  it('has exactly one script of ours, loaded deferred, and nothing from third parties', () => {
    const html = render(petQuiz().quiz, { scripts: { onStartPage: '', onOptIn: '' } });
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/_q/player-0123abcd.js']);
    expect(html).toContain('<script src="/_q/player-0123abcd.js" defer></script>');
    expect(html).not.toMatch(/<link\b/);
    expect(styleOf(html)).not.toMatch(/@import|url\((?!")/);
    // The only absolute URLs: the page itself, the marketer's images, the badge link.
    const urls = [...html.matchAll(/https?:\/\/[^"'\s)<\\]+/g)].map((match) => new URL(match[0]).host);
    expect(new Set(urls)).toEqual(
      new Set(['quiz.example', 'cdn.example', 'pets.example', 'shelter.example', 'quizbeam.com']),
    );
  });

  it('writes the social meta tags, with the share image when one is set', () => {
    const image = {
      id: 'i',
      accountId: 'a',
      filename: 's.png',
      s3Key: 'k',
      url: 'https://cdn.example/share.png',
      width: 1200,
      height: 630,
    };
    const html = render(petQuiz({ socialShareImage: image }).quiz);
    expect(html).toContain('<title>Which pet suits you?</title>');
    expect(html).toContain('<meta name="description" content="Find your perfect pet.">');
    expect(html).toContain('<meta property="og:title" content="Which pet suits you?">');
    expect(html).toContain('<meta property="og:description" content="Find your perfect pet.">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:url" content="https://quiz.example/abcd1234">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/share.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const plain = render(petQuiz().quiz);
    expect(plain).not.toContain('og:image');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
  });

  it('runs the start-page script on load only for quizzes with a start page, and keeps the opt-in code inert', () => {
    const withStart = render(mathsQuiz().quiz);
    expect(withStart).toContain(`${START_SCRIPT}\n</body>`);
    expect(withStart).toContain(`<template id="quizbeam-opt-in">${OPT_IN_SCRIPT}</template>`);
    const withoutStart = render(petQuiz().quiz);
    expect(withoutStart).not.toContain('startPageRan');
    expect(withoutStart).toContain(`<template id="quizbeam-opt-in">${OPT_IN_SCRIPT}</template>`);
  });

  it('never includes the marketer’s scripts in preview, and keeps previews out of search engines', () => {
    const html = render(mathsQuiz().quiz, { mode: 'preview' });
    expect(html).not.toContain('startPageRan');
    expect(html).not.toContain('optedIn');
    expect(html).not.toContain('<template');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(dataOf(html).mode).toBe('preview');
    expect(render(mathsQuiz().quiz)).not.toContain('noindex');
  });

  it('shows the powered-by badge as a link only when asked to', () => {
    expect(render(petQuiz().quiz)).toMatch(
      /<a class="qb-badge" href="https:\/\/quizbeam\.com\/"[^>]*>Powered by Quizbeam<\/a>/,
    );
    expect(render(petQuiz().quiz, { showPoweredByBadge: false })).not.toContain('Powered by Quizbeam');
  });

  it('styles the page with the quiz’s colours and fonts, inline and within the CSS budget', () => {
    const background = {
      id: 'b',
      accountId: 'a',
      filename: 'b.jpg',
      s3Key: 'k',
      url: 'https://cdn.example/bg.jpg',
      width: 1280,
      height: 900,
    };
    const { quiz } = petQuiz({
      textColor: '#ffffff',
      fontFamily: 'Open Sans',
      buttonBackgroundColor: 'rgb(10, 20, 30)',
      buttonTextColor: 'red;}</style><script>alert(1)</script>',
      backgroundImage: background,
    });
    const style = styleOf(render(quiz));
    expect(style).toContain('--qb-text:#ffffff');
    expect(style).toContain('--qb-font:"Open Sans",system-ui');
    expect(style).toContain('--qb-btn-bg:rgb(10, 20, 30)');
    expect(style).toContain('--qb-bg:url("https://cdn.example/bg.jpg")');
    expect(style).toContain('--qb-card:rgba(17,24,39,.88)');
    expect(style).not.toContain('<script');
    // The unsafe button text colour is dropped: the player's default applies.
    expect(style.slice(style.lastIndexOf(':root'))).not.toContain('--qb-btn-text');
    expect(gzipSync(style).length).toBeLessThanOrEqual(8 * 1024);
  });
});
