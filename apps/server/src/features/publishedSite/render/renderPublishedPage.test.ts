import { gzipSync } from 'node:zlib';
import { type BrowserTracking, NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import type { PlayerData } from '@quizbeam/player/playerData';
import { everyTypeQuiz } from '@quizbeam/player/testing/everyTypeQuiz';
import { describe, expect, it } from 'vitest';
import { mathsQuiz, petQuiz } from '../../../testing/sampleQuizzes';
import { type PublishedPageInput, renderPublishedPage } from './renderPublishedPage';

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
    fontBaseUrl: '/_q/fonts',
    ...overrides,
  });
}

const dataJson = (html: string) => {
  const json = /<script type="application\/json" id="quizbeam-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no data element');
  return json;
};
const dataOf = (html: string) => JSON.parse(dataJson(html)) as PlayerData;

const secretImage = (url: string) => ({
  id: 'image-id-secret',
  accountId: 'account-id-secret',
  filename: 'filename-secret.png',
  s3Key: 's3-key-secret/abc.png',
  url,
  width: 10,
  height: 10,
});

const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

describe('renderPublishedPage', () => {
  it('shows the start page’s and each question’s formatted description, sanitized, and a plain meta description', () => {
    const base = mathsQuiz().quiz;
    const unsafe = '<a href="javascript:alert(1)" onclick="x()">trap</a><script>alert(2)</script><img src=x>';
    const quiz: Quiz = {
      ...base,
      startPage: { enabled: true },
      description: `<p><b>Ten</b> questions &amp; <i>one</i> answer.</p><ul><li><p>Quick</p></li></ul>${unsafe}`,
      questions: base.questions.map((question, index) =>
        index === 0
          ? { ...question, description: `<p>Pick <a href="https://help.example">one</a></p>${unsafe}` }
          : question,
      ),
    };
    const html = render(quiz);
    expect(html).toContain(
      '<div class="qb-text qb-rich"><p><b>Ten</b> questions &amp; <i>one</i> answer.</p><ul><li><p>Quick</p></li></ul>',
    );
    for (const text of ['javascript:', 'alert(', 'onclick', '<img']) expect(html).not.toContain(text);
    expect(html).toContain('<meta name="description" content="Ten questions &#38; one answer. Quick trap">');
    const question = dataOf(html).quiz.questions.find((candidate) => candidate.id === base.questions[0]?.id);
    expect(question?.descriptionHtml).toBe(
      '<p>Pick <a href="https://help.example" target="_blank" rel="noopener noreferrer">one</a></p><a target="_blank" rel="noopener noreferrer">trap</a>',
    );
    expect(dataOf(html).quiz.questions.filter((candidate) => candidate.descriptionHtml)).toHaveLength(1);
  });

  it('renders the start page as the first screen when the quiz has one', () => {
    const html = render(mathsQuiz().quiz);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h1 id="qb-heading" class="qb-title" tabindex="-1">Quick maths</h1>');
    expect(html).toContain('<div class="qb-text qb-rich">Two questions.</div>');
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
      cta: closing,
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
    expect(data.quiz.cta).toBe(closing);
    expect(data.mode).toBe('published');
    expect(data.snapshotId).toBe('11111111-2222-4333-8444-555555555555');
    expect(html).not.toContain('secret');
    expect(html).not.toContain('MailChimp');
    expect(data.quiz.leadCapture).toMatchObject({
      headerText: DEFAULT_LEAD_CAPTURE_TEXTS.headerText,
      descriptionText: DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
      confirmationCheckboxText: DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
      byOutcome: null,
    });
  });

  it('gives the visitor’s page no quiz name, account or storage ids, outcome content or redirect addresses', () => {
    const built = petQuiz({
      backgroundImage: secretImage('https://cdn.example/bg.png'),
      socialShareImage: secretImage('https://cdn.example/share.png'),
    });
    const quiz: Quiz = {
      ...built.quiz,
      name: 'Pet quiz — internal: pays 30% commission',
      questions: built.quiz.questions.map((question) => ({
        ...question,
        image: secretImage('https://cdn.example/question.png'),
        answers: question.answers.map((answer) => ({
          ...answer,
          image: answer.image && { ...answer.image, ...secretImage(answer.image.url) },
        })),
      })),
      outcomes: built.quiz.outcomes.map((outcome) => ({
        ...outcome,
        image: secretImage('https://cdn.example/outcome.png'),
        leadCaptureSettings: {
          ...outcome.leadCaptureSettings,
          targetId: 'list-secret',
          headerText: `${outcome.name}, almost there`,
        },
      })),
      leadCaptureSettings: {
        ...built.quiz.leadCaptureSettings,
        enabled: true,
        usePerOutcomeSettings: true,
        connectionId: 'connection-secret',
      },
    };
    const html = render(quiz);
    const json = dataJson(html);
    for (const hidden of [
      'internal',
      'commission',
      'secret',
      'Walks',
      'Second dog text',
      'Naps.',
      'pets.example',
      'shelter.example',
      'outcome.png',
      'Adopt a dog',
    ]) {
      expect([hidden, html.includes(hidden)]).toEqual([hidden, false]);
    }
    const data = dataOf(html);
    expect(data.mode).toBe('published');
    expect(Object.keys(data).sort()).toEqual(['mode', 'pageUrl', 'quiz', 'snapshotId']);
    expect(Object.keys(data.quiz).sort()).toEqual([
      'cta',
      'description',
      'leadCapture',
      'questions',
      'startPage',
      'title',
      'type',
      'urlFields',
    ]);
    expect(data.quiz.questions[0]?.imageUrl).toBe('https://cdn.example/question.png');
    // Segment by Outcome: the form's texts of each outcome, by rank, and which outcome each answer counts for.
    expect(data.quiz.leadCapture?.byOutcome?.map((entry) => entry.texts.headerText)).toEqual([
      'Dog person, almost there',
      'Cat person, almost there',
      'Fish person, almost there',
      'Shelter, almost there',
    ]);
    expect(data.quiz.questions[0]?.answers.map((answer) => answer.links)).toEqual([
      [{ outcome: 0, weight: 1 }],
      [{ outcome: 1, weight: 1 }],
    ]);
    // Outcome titles reach the page only inside these texts, which the marketer wrote for the form.
    expect(json.match(/Dog person/g)).toHaveLength(1);
  });

  it('leaves the scoring out of the page unless the capture form depends on the outcome', () => {
    const { quiz } = mathsQuiz();
    const plain = dataOf(render(quiz));
    expect(
      plain.quiz.questions.flatMap((question) => question.answers.map((answer) => answer.points)),
    ).toEqual([undefined, undefined, undefined, undefined]);
    const segmented = dataOf(
      render({
        ...quiz,
        leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, usePerOutcomeSettings: true },
      }),
    );
    expect(
      segmented.quiz.questions.flatMap((question) => question.answers.map((answer) => answer.points)),
    ).toEqual([5, 0, 5, 0]);
    expect(segmented.quiz.leadCapture?.byOutcome?.map((entry) => entry.scores)).toEqual([
      { from: 6, to: 10 },
      { from: 0, to: 5 },
    ]);
  });

  it('titles a quiz without a title “Quiz”, never with its internal name', () => {
    const html = render(mathsQuiz({ title: ' ', description: '' }).quiz);
    expect(html).toContain('<title>Quiz</title>');
    expect(html).toContain('<h1 id="qb-heading" class="qb-title" tabindex="-1">Quiz</h1>');
    expect(html).not.toContain('Pet quiz');
  });

  it('gives the editor’s preview the quiz to compute results with, its outcomes sanitized', () => {
    const { quiz } = petQuiz();
    const [first, ...rest] = quiz.outcomes;
    if (!first) throw new Error('fixture');
    const html = render(
      {
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
      },
      { mode: 'preview', maxScore: 7 },
    );
    const data = dataOf(html);
    if (data.mode !== 'preview') throw new Error('not a preview');
    expect(data.preview.maxScore).toBe(7);
    const outcome = data.preview.quiz.outcomes[0];
    expect(outcome?.descriptions).toEqual(['<b>Hi</b>']);
    expect(outcome?.ctaUrl).toBe('');
    expect(outcome?.image).toBeNull();
  });

  it('loads the player’s build for the quiz: every type’s forms only when it has such questions', () => {
    const { quiz } = everyTypeQuiz();
    const scripts = (html: string) =>
      [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
    const published = render(
      { ...quiz, startPage: { enabled: false } },
      { scripts: { onStartPage: '', onOptIn: '' } },
    );
    expect(scripts(published)).toEqual(['/_q/player-0123abcd-all.js']);
    // Its first screen, before any script runs: the checkbox group of the first question, with Next.
    expect(published).toContain('<legend id="qb-choice-hint" class="qb-small">Choose 2 to 3.</legend>');
    expect(published.match(/type="checkbox" name="answer"/g)).toHaveLength(4);
    const data = dataOf(published);
    expect(data.quiz.questions.map((question) => question.type)).toEqual(
      quiz.questions.map(({ type }) => type),
    );
    expect(data.quiz.questions[0]?.selection).toEqual({ min: 2, max: 3 });
    expect(data.quiz.questions[4]?.number).toEqual({
      min: 0,
      max: 100,
      step: 5,
      unit: 'people',
      display: 'slider',
    });
    expect(data.quiz.questions[4]?.ranges?.map(({ from, to }) => [from, to])).toEqual([
      [0, 50],
      [55, 100],
    ]);
    expect(data.quiz.questions[7]).toMatchObject({ answers: [], multiline: true, optional: true });
    expect(scripts(render(quiz, { mode: 'preview' }))).toEqual(['/_q/player-0123abcd-preview.js']);
    expect(scripts(render(mathsQuiz().quiz, { mode: 'preview' }))).toEqual([
      '/_q/player-0123abcd-preview.js',
    ]);
  });

  it('has exactly one script of ours, loaded deferred, and nothing from third parties', () => {
    const html = render(petQuiz().quiz, { scripts: { onStartPage: '', onOptIn: '' } });
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/_q/player-0123abcd.js']);
    expect(html).toContain('<script src="/_q/player-0123abcd.js" defer></script>');
    // The link elements: the theme font's regular and bold faces (text, buttons) and the favicon, all from
    // the page's own origin.
    expect(html.match(/<link\b[^>]*>/g)).toEqual([
      '<link rel="icon" href="/favicon.ico" sizes="32x32">',
      '<link rel="preload" href="/_q/fonts/inter-latin-400-normal.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/_q/fonts/inter-latin-700-normal.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
    expect(styleOf(html)).not.toMatch(/@import|url\((?!")/);
    // The only absolute URLs: the page itself, the answers' images, the badge link.
    const urls = [...html.matchAll(/https?:\/\/[^"'\s)<\\]+/g)].map((match) => new URL(match[0]).host);
    expect(new Set(urls)).toEqual(new Set(['quiz.example', 'cdn.example', 'quizbeam.app']));
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
    // Without a share image, the background makes the preview; an address that is not http(s) never does.
    const background = render(
      petQuiz({ backgroundImage: { ...image, url: 'https://cdn.example/bg.jpg' } }).quiz,
    );
    expect(background).toContain('<meta property="og:image" content="https://cdn.example/bg.jpg">');
    expect(background).toContain('<meta name="twitter:card" content="summary_large_image">');
    const unsafe = render(
      petQuiz({
        socialShareImage: { ...image, url: 'javascript:alert(1)' },
        backgroundImage: { ...image, url: '/relative.png' },
      }).quiz,
    );
    expect(unsafe).not.toContain('og:image');
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

  it('keeps the completion code inert in its own template until the result shows, and out of previews', () => {
    const scripts = { onStartPage: '', onOptIn: '', onComplete: '<script>window.completed = 1;</script>' };
    const html = render(petQuiz().quiz, { scripts });
    expect(html).toContain(
      '<template id="quizbeam-complete"><script>window.completed = 1;</script></template>',
    );
    expect(html).not.toContain('quizbeam-opt-in');
    expect(render(petQuiz().quiz, { scripts, mode: 'preview' })).not.toContain('completed');
    // Snapshots from before completion scripts have none.
    expect(render(petQuiz().quiz, { scripts: { onStartPage: '', onOptIn: '' } })).not.toContain('<template');
  });

  it('gives the form’s fields their keys only when the marketer’s opt-in or completion code reads the lead', () => {
    const built = mathsQuiz().quiz;
    const quiz: Quiz = {
      ...built,
      leadCaptureSettings: {
        ...built.leadCaptureSettings,
        enabled: true,
        fields: [{ id: 'f1', kind: 'text', label: 'Team', key: 'team_size', required: false }],
      },
    };
    const keys = (scripts: PublishedPageInput['scripts']) =>
      dataOf(render(quiz, { scripts })).quiz.leadCapture?.fields.map((field) => field.key);
    expect(keys({ onStartPage: START_SCRIPT, onOptIn: '' })).toEqual([undefined]);
    expect(keys({ onStartPage: '', onOptIn: OPT_IN_SCRIPT })).toEqual(['team_size']);
    expect(keys({ onStartPage: '', onOptIn: ' ', onComplete: '<script>1</script>' })).toEqual(['team_size']);
  });

  it('shows the powered-by badge as a link only when asked to', () => {
    expect(render(petQuiz().quiz)).toMatch(
      /<a class="qb-badge" href="https:\/\/quizbeam\.app\/"[^>]*>Powered by Quizbeam<\/a>/,
    );
    expect(render(petQuiz().quiz, { showPoweredByBadge: false })).not.toContain('Powered by Quizbeam');
  });

  it('styles the page with its theme, the marketer’s colours and fonts and background, inline and within the CSS budget', () => {
    const background = {
      id: 'b',
      accountId: 'a',
      filename: 'b.jpg',
      s3Key: 'k',
      url: 'https://cdn.example/bg.jpg',
      width: 1920,
      height: 1350,
      variants: [
        { width: 640, height: 450, type: 'image/webp' as const, url: 'https://cdn.example/bg.w640.webp' },
        { width: 640, height: 450, type: 'image/jpeg' as const, url: 'javascript:alert(1)' },
      ],
    };
    const { quiz } = petQuiz({
      theme: 'theme-4',
      textColor: '#ffffff',
      fontFamily: 'Lora',
      buttonBackgroundColor: 'rgb(10, 20, 30)',
      buttonTextColor: 'red;}</style><script>alert(1)</script>',
      backgroundImage: background,
    });
    const html = render(quiz);
    const style = styleOf(html);
    const overrides = style.slice(style.lastIndexOf(':root'));
    expect(overrides).toContain('--qb-text:#ffffff');
    expect(overrides).toContain('--qb-font:"Lora",Georgia');
    expect(overrides).toContain('--qb-btn-bg:rgb(10, 20, 30)');
    // The unsafe button text colour is dropped: the theme's applies.
    expect(overrides).not.toContain('--qb-btn-text');
    expect(style).not.toContain('<script');
    expect(style).toContain('@font-face{font-family:"Lora"');
    expect(style).toContain('/_q/fonts/lora-latin-400-normal.woff2');
    expect(html).toContain('<link rel="preload" href="/_q/fonts/lora-latin-400-normal.woff2" as="font"');
    expect(html).toContain('<body class="qb-has-bg">');
    expect(html).toContain('https://cdn.example/bg.w640.webp 640w');
    expect(html).not.toContain('javascript:');
    expect(gzipSync(style).length).toBeLessThanOrEqual(8 * 1024);
  });

  it('loads only the default theme’s one font family and no background of its own', () => {
    const html = render(petQuiz().quiz);
    expect(html.match(/rel="preload"/g)).toHaveLength(2);
    expect(html).toContain('<body>');
    expect(html).not.toContain('class="qb-bg"');
    expect(new Set([...styleOf(html).matchAll(/font-family:"([^"]+)"/g)].map((match) => match[1]))).toEqual(
      new Set(['Inter']),
    );
  });
});

describe('a published page’s tags', () => {
  const ALL_TAGS: BrowserTracking = {
    gtmContainerId: 'GTM-ABC1234',
    ga4MeasurementId: 'G-ABC123DEF4',
    metaPixelId: '123456789012345',
    askConsent: true,
  };
  const trackingOf = (html: string) => {
    const json = /<script type="application\/json" id="quizbeam-tracking">(.*?)<\/script>/s.exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as BrowserTracking);
  };
  const scriptSources = (html: string) =>
    [...html.matchAll(/<script src="([^"]*)" defer><\/script>/g)].map((match) => match[1]);

  it('leave a page without them exactly as it was: no settings, script, consent attribute or bar', () => {
    const quiz = mathsQuiz().quiz;
    const plain = render(quiz);
    expect(render(quiz, { tracking: NO_BROWSER_TRACKING })).toBe(plain);
    expect(plain).toContain('<html lang="en">\n');
    expect(plain).not.toMatch(/quizbeam-tracking|data-quizbeam-consent|qb-cookie-consent|googletagmanager/);
    expect(scriptSources(plain)).toEqual(['/_q/player-0123abcd.js']);
    // The editor's preview never turns tags on.
    expect(render(quiz, { tracking: ALL_TAGS, mode: 'preview' })).not.toMatch(
      /quizbeam-tracking|qb-cookie-consent/,
    );
  });

  it('come as their settings and the tracking build, deferred before the player so it hears the first event', () => {
    const html = render(mathsQuiz().quiz, { tracking: ALL_TAGS });
    expect(trackingOf(html)).toEqual(ALL_TAGS);
    expect(scriptSources(html)).toEqual(['/_q/player-0123abcd-tracking.js', '/_q/player-0123abcd.js']);
    expect(html.indexOf('id="quizbeam-tracking"')).toBeLessThan(html.indexOf('player-0123abcd-tracking.js'));
    // The platforms' own scripts are never in the page: the tracking build loads them when it may.
    expect(html).not.toMatch(/googletagmanager|facebook\.net/);
  });

  it('ask first when the quiz asks: the page starts as not consenting, with the bar hidden until the script shows it', () => {
    const html = render(mathsQuiz().quiz, { tracking: ALL_TAGS });
    expect(html).toContain('<html lang="en" data-quizbeam-consent="denied">');
    const bar = /<section id="qb-cookie-consent"[^>]*>(.*?)<\/section>/s.exec(html);
    expect(bar?.[0]).toMatch(/aria-label="Cookie consent" hidden>/);
    expect(bar?.[1]).toContain('This quiz uses cookies to measure visits.');
    expect(
      [...(bar?.[1] ?? '').matchAll(/<button[^>]*value="(\w+)">(\w+)<\/button>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ['granted', 'Accept'],
      ['denied', 'Decline'],
    ]);
    // First in the page, above the quiz.
    expect(html.indexOf('id="qb-cookie-consent"')).toBeGreaterThan(html.indexOf('id="qb-page"'));
    expect(html.indexOf('id="qb-cookie-consent"')).toBeLessThan(html.indexOf('<main'));

    const notAsking = render(mathsQuiz().quiz, { tracking: { ...ALL_TAGS, askConsent: false } });
    expect(notAsking).toContain('<html lang="en">');
    expect(notAsking).not.toContain('qb-cookie-consent');
    expect(trackingOf(notAsking)?.askConsent).toBe(false);
  });

  it('still ask when the quiz asks without a tag: its server-side conversions wait for the answer too', () => {
    const asking = { ...NO_BROWSER_TRACKING, askConsent: true };
    const html = render(mathsQuiz().quiz, { tracking: asking });
    expect(trackingOf(html)).toEqual(asking);
    expect(html).toContain('id="qb-cookie-consent"');
  });

  it('carry nothing of the snapshot but the four settings', () => {
    const extra = { ...ALL_TAGS, secret: 'x' } as BrowserTracking;
    expect(trackingOf(render(mathsQuiz().quiz, { tracking: extra }))).toEqual(ALL_TAGS);
  });
});
