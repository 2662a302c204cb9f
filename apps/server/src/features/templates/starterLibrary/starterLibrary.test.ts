import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { templateSchema } from '@quizbeam/contracts/templates';
import { mostAnsweredOutcome } from '@quizbeam/quiz-engine/generalOutcome';
import { answerDefaultRule, questionDefaultRule } from '@quizbeam/quiz-engine/newQuiz';
import { incompleteItems, isPublishable } from '@quizbeam/quiz-engine/publishability';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStarterLibrary, starterLibraryFolder } from './loadStarterLibrary';

const library = loadStarterLibrary();
const { templates, categories } = library;
const byKey = templates.map((template) => [template.key, template] as const);

/**
 * The answers a respondent would pick to land on `outcomeId`: an answer linking it wherever a question has
 * one, elsewhere an answer for whichever other outcome has been picked least so far (every flow rule of the
 * library goes to the next question, so a respondent answers every question in order).
 */
function answersLeadingTo(quiz: Quiz, outcomeId: number): number[] {
  const counts = new Map<number, number>();
  return sortByRank(quiz.questions).map((question) => {
    const own = question.answers.find((answer) => answer.outcome === outcomeId);
    const chosen =
      own ??
      [...question.answers].sort(
        (a, b) => (counts.get(a.outcome ?? 0) ?? 0) - (counts.get(b.outcome ?? 0) ?? 0),
      )[0];
    if (!chosen) throw new Error(`Question ${question.rank} has no answers.`);
    counts.set(chosen.outcome ?? 0, (counts.get(chosen.outcome ?? 0) ?? 0) + 1);
    return chosen.id;
  });
}

/** Every visible text of a template, for the wording checks. */
function textsOf(template: (typeof templates)[number]): string[] {
  const { quiz } = template;
  return [
    template.name,
    template.description,
    template.pointOfQuiz,
    quiz.title,
    quiz.description,
    quiz.cta,
    quiz.leadCaptureSettings.headerText,
    quiz.leadCaptureSettings.descriptionText,
    ...quiz.outcomes.flatMap((outcome) => [outcome.name, outcome.ctaButtonText, ...outcome.descriptions]),
    ...quiz.questions.flatMap((question) => [
      question.text,
      ...question.answers.map((answer) => answer.text),
    ]),
  ];
}

describe('the starter library', () => {
  it('has at least 24 templates in at least 6 categories, at least 8 of each type', () => {
    expect(templates.length).toBeGreaterThanOrEqual(24);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(templates.filter((template) => template.type === 'general').length).toBeGreaterThanOrEqual(8);
    expect(templates.filter((template) => template.type === 'scored').length).toBeGreaterThanOrEqual(8);
  });

  it('puts every template in a known category and uses every category', () => {
    const categoryKeys = new Set(categories.map((category) => category.key));
    for (const template of templates) expect(categoryKeys, template.key).toContain(template.categoryKey);
    for (const category of categories) {
      expect(
        templates.filter((template) => template.categoryKey === category.key).length,
        category.key,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('has unique keys and names, sorted by name', () => {
    expect(new Set(templates.map((template) => template.key)).size).toBe(templates.length);
    expect(new Set(templates.map((template) => template.name)).size).toBe(templates.length);
    expect(new Set(categories.map((category) => category.key)).size).toBe(categories.length);
    const names = templates.map((template) => template.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
  });

  it('offers every template for new quizzes, a few of them premium', () => {
    expect(templates.every((template) => template.isAvailableForNewQuizzes)).toBe(true);
    const premium = templates.filter((template) => template.isExtra).length;
    expect(premium).toBeGreaterThanOrEqual(3);
    expect(premium).toBeLessThanOrEqual(templates.length / 3);
  });

  it('turns lead capture on for the lead generation templates', () => {
    for (const template of templates.filter(({ categoryKey }) => categoryKey === 'lead-generation'))
      expect(template.quiz.leadCaptureSettings.enabled, template.key).toBe(true);
  });
});

describe.each(byKey)('starter template %s', (_key, template) => {
  const { quiz } = template;

  it('is a valid template whose quiz matches it', () => {
    expect(quizSchema.safeParse(quiz).error).toBeUndefined();
    const asStored = { ...template, id: quiz.id, categoryId: null, revision: 0 };
    expect(templateSchema.safeParse(asStored).error).toBeUndefined();
    expect(quiz.type).toBe(template.type);
    expect(quiz.name).toBe(template.name);
  });

  it('is publishable with nothing incomplete and no warning', () => {
    expect(incompleteItems(quiz)).toEqual([]);
    expect(quizWarnings(quiz)).toEqual([]);
    expect(isPublishable(quiz)).toBe(true);
  });

  it('is built as the editor builds a quiz: default look and flow, unpublished', () => {
    expect(quiz.theme).toBe(DEFAULT_THEME_ID);
    expect(quiz.isPublished).toBe(false);
    expect(quiz.revision).toBe(0);
    for (const question of quiz.questions) {
      expect(question.next).toEqual(questionDefaultRule());
      expect(question.type).toBe('single_list');
      for (const answer of question.answers) expect(answer.next).toEqual(answerDefaultRule());
    }
    for (const outcome of quiz.outcomes) {
      expect(outcome.type).toBe('text');
      expect(outcome.enableCta).toBe(false);
    }
  });

  it('has a start page, 5 to 10 questions of 3 to 5 answers, and described outcomes', () => {
    expect(quiz.startPage.enabled).toBe(true);
    for (const text of [quiz.title, quiz.description, quiz.cta]) expect(text.trim()).not.toBe('');
    expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
    expect(quiz.questions.length).toBeLessThanOrEqual(10);
    for (const question of quiz.questions) {
      expect(question.answers.length).toBeGreaterThanOrEqual(3);
      expect(question.answers.length).toBeLessThanOrEqual(5);
    }
    for (const outcome of quiz.outcomes) {
      expect(outcome.name.trim()).not.toBe('');
      for (const description of outcome.descriptions) expect(description.length).toBeGreaterThan(120);
    }
  });

  it('has no placeholder text or web address', () => {
    for (const text of textsOf(template)) {
      expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|FIXME|example\.(com|org|net)|https?:\/\/|www\./i);
      expect(text).not.toMatch(/\s$|^\s| {2}/);
    }
  });

  if (template.type === 'general') {
    it('reaches every one of its 3 to 5 outcomes, each from answers a respondent can give', () => {
      expect(quiz.outcomes.length).toBeGreaterThanOrEqual(3);
      expect(quiz.outcomes.length).toBeLessThanOrEqual(5);
      for (const answer of quiz.questions.flatMap((question) => question.answers))
        expect(answer.outcome, answer.text).not.toBeNull();
      for (const outcome of quiz.outcomes)
        expect(mostAnsweredOutcome(quiz, answersLeadingTo(quiz, outcome.id))?.id, outcome.name).toBe(
          outcome.id,
        );
    });
  } else {
    it('covers every score from 0 to the maximum with its 3 or 4 bands, each reachable', () => {
      expect(quiz.outcomes.length).toBeGreaterThanOrEqual(3);
      expect(quiz.outcomes.length).toBeLessThanOrEqual(4);
      const { maxScore, achievableScores, exact } = analyseScores(quiz);
      expect(exact).toBe(true);
      let next = 0;
      for (const { scoreRange } of sortByRank(quiz.outcomes)) {
        expect(scoreRange.from).toBe(next);
        expect(scoreRange.to).not.toBeNull();
        const to = scoreRange.to ?? -1;
        expect(to).toBeGreaterThanOrEqual(next);
        expect(achievableScores?.some((score) => score >= next && score <= to)).toBe(true);
        next = to + 1;
      }
      expect(next - 1).toBe(maxScore);
      for (const answer of quiz.questions.flatMap((question) => question.answers))
        expect(answer.outcome).toBeNull();
    });
  }
});

describe('loadStarterLibrary with a broken file', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const shipped = (name: string) =>
    JSON.parse(readFileSync(path.join(starterLibraryFolder, 'templates', `${name}.json`), 'utf8'));

  /** A library folder with the shipped categories and the given template files. */
  function libraryWith(files: Record<string, string>): string {
    const folder = mkdtempSync(path.join(tmpdir(), 'starter-library-'));
    folders.push(folder);
    mkdirSync(path.join(folder, 'templates'));
    copyFileSync(path.join(starterLibraryFolder, 'categories.json'), path.join(folder, 'categories.json'));
    for (const [name, content] of Object.entries(files))
      writeFileSync(path.join(folder, 'templates', name), content);
    return folder;
  }

  it('loads a folder of valid files', () => {
    const coffee = shipped('which-coffee-roast-suits-you');
    const folder = libraryWith({ 'which-coffee-roast-suits-you.json': JSON.stringify(coffee) });
    expect(loadStarterLibrary(folder).templates.map((template) => template.key)).toEqual([
      'which-coffee-roast-suits-you',
    ]);
  });

  it('names a file that is not JSON', () => {
    const folder = libraryWith({ 'broken.json': '{ "key": ' });
    expect(() => loadStarterLibrary(folder)).toThrow(/broken\.json is not readable JSON/);
  });

  it('names a file that does not match the format, with the field', () => {
    const coffee = shipped('which-coffee-roast-suits-you');
    delete coffee.startPage.cta;
    const folder = libraryWith({ 'which-coffee-roast-suits-you.json': JSON.stringify(coffee) });
    expect(() => loadStarterLibrary(folder)).toThrow(
      /which-coffee-roast-suits-you\.json is invalid: startPage\.cta: /,
    );
  });

  it('refuses an answer leading to an outcome the template does not have', () => {
    const coffee = shipped('which-coffee-roast-suits-you');
    coffee.questions[0].answers[0].outcome = 'espresso';
    const folder = libraryWith({ 'which-coffee-roast-suits-you.json': JSON.stringify(coffee) });
    expect(() => loadStarterLibrary(folder)).toThrow(
      /questions\.0\.answers\.0\.outcome: No outcome has the key "espresso"/,
    );
  });

  it('refuses a file named after another key, or in an unknown category', () => {
    const coffee = { ...shipped('which-coffee-roast-suits-you'), categoryKey: 'gardening' };
    const folder = libraryWith({ 'coffee.json': JSON.stringify(coffee) });
    expect(() => loadStarterLibrary(folder)).toThrow(
      /coffee\.json is invalid: its key "which-coffee-roast-suits-you" does not match the file name; its category "gardening" is not in categories\.json/,
    );
  });

  it('refuses a general outcome no answer leads to', () => {
    const coffee = shipped('which-coffee-roast-suits-you');
    coffee.outcomes.push({ key: 'decaf', name: 'Decaf', descriptions: ['Gentle on the evening.'] });
    const folder = libraryWith({ 'which-coffee-roast-suits-you.json': JSON.stringify(coffee) });
    expect(() => loadStarterLibrary(folder)).toThrow(/outcomes\.4: No answer leads to outcome "decaf"/);
  });

  it('refuses score bands with a gap, an overlap or a top that is not the maximum score', () => {
    const audit = shipped('is-your-website-losing-leads');
    audit.outcomes[1].scoreRange.from = 10;
    const gap = libraryWith({ 'is-your-website-losing-leads.json': JSON.stringify(audit) });
    expect(() => loadStarterLibrary(gap)).toThrow(/outcomes\.1\.scoreRange\.from: Expected 9\./);

    audit.outcomes[1].scoreRange.from = 9;
    audit.outcomes[2].scoreRange.to = 30;
    const beyond = libraryWith({ 'is-your-website-losing-leads.json': JSON.stringify(audit) });
    expect(() => loadStarterLibrary(beyond)).toThrow(
      /The last score band ends at 30, but the highest possible score is 24\./,
    );
  });

  it('refuses a template the quiz engine warns about', () => {
    const audit = shipped('is-your-website-losing-leads');
    for (const question of audit.questions)
      for (const answer of question.answers) answer.points = answer.points > 0 ? 2 : 0;
    audit.outcomes[0].scoreRange = { from: 0, to: 0 };
    audit.outcomes[1].scoreRange = { from: 1, to: 1 };
    audit.outcomes[2].scoreRange = { from: 2, to: 16 };
    const folder = libraryWith({ 'is-your-website-losing-leads.json': JSON.stringify(audit) });
    expect(() => loadStarterLibrary(folder)).toThrow(
      /is-your-website-losing-leads\.json is invalid: No visitor can score exactly 1, so Outcome 2 can never be shown/,
    );
  });
});
