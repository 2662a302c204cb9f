import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_LEAD_CAPTURE_TEXTS } from '@quizbeam/contracts/quizConstants';
import type { PlayerData } from '@quizbeam/player/playerData';
import { everyTypeQuiz } from '@quizbeam/player/testing/everyTypeQuiz';
import { describe, expect, it } from 'vitest';
import { renderedPage } from '../../../testing/renderedPages';
import { mathsQuiz, petQuiz } from '../../../testing/sampleQuizzes';

const render = renderedPage;

const dataJson = (html: string) => {
  const json = /<script type="application\/json" id="quizbeam-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no data element');
  return json;
};
const dataOf = (html: string) => JSON.parse(dataJson(html)) as PlayerData;
const styleOf = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';

const secretImage = (url: string) => ({
  id: 'image-id-secret',
  accountId: 'account-id-secret',
  filename: 'filename-secret.png',
  s3Key: 's3-key-secret/abc.png',
  url,
  width: 10,
  height: 10,
});

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
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
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
    expect(Object.keys(data).sort()).toEqual(['language', 'mode', 'pageUrl', 'quiz', 'snapshotId', 'texts']);
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

  it('shows the powered-by badge as a link only when asked to', () => {
    expect(render(petQuiz().quiz)).toMatch(
      /<a class="qb-badge" href="https:\/\/quizbeam\.app\/"[^>]*>Powered by Quizbeam<\/a>/,
    );
    expect(render(petQuiz().quiz, { showPoweredByBadge: false })).not.toContain('Powered by Quizbeam');
  });
});
