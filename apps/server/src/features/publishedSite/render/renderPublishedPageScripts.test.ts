import type { Quiz } from '@quizbeam/contracts/quiz';
import type { PlayerData } from '@quizbeam/player/playerData';
import { describe, expect, it } from 'vitest';
import { OPT_IN_SCRIPT, renderedPage as render, START_SCRIPT } from '../../../testing/renderedPages';
import { mathsQuiz, petQuiz } from '../../../testing/sampleQuizzes';
import type { PublishedPageInput } from './renderPublishedPage';

const dataOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="quizbeam-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
  ) as PlayerData;

describe('the marketer’s scripts on a published page', () => {
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
});
