import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '@quizbeam/db/repositoryRoot';
import { incompleteItems } from '@quizbeam/quiz-engine/publishability';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import type { z } from 'zod';
import { expandStarterTemplate } from './expandStarterTemplate';
import type { StarterCategory, StarterLibrary, StarterTemplate } from './starterTemplate';
import { starterCategoriesFileSchema, starterTemplateFileSchema } from './starterTemplateFile';

/** Found from the repository root, so alike from the TypeScript sources and the compiled server. */
export const starterLibraryFolder = path.join(
  repositoryRoot(import.meta.url),
  'apps/server/src/features/templates/starterLibrary',
);

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Starter library file ${file} is not readable JSON: ${(error as Error).message}`);
  }
}

function loadCategories(folder: string): StarterCategory[] {
  const file = path.join(folder, 'categories.json');
  const parsed = starterCategoriesFileSchema.safeParse(readJson(file));
  if (!parsed.success)
    throw new Error(`Starter library file ${file} is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** A template file must name its own key, belong to a known category and build a quiz with nothing to fix. */
function loadTemplate(file: string, categoryKeys: ReadonlySet<string>): StarterTemplate {
  const parsed = starterTemplateFileSchema.safeParse(readJson(file));
  if (!parsed.success)
    throw new Error(`Starter template ${file} is invalid: ${describeIssues(parsed.error)}`);
  const problems: string[] = [];
  if (path.basename(file) !== `${parsed.data.key}.json`)
    problems.push(`its key "${parsed.data.key}" does not match the file name`);
  if (!categoryKeys.has(parsed.data.categoryKey))
    problems.push(`its category "${parsed.data.categoryKey}" is not in categories.json`);
  let template: StarterTemplate | null = null;
  try {
    template = expandStarterTemplate(parsed.data);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (template) {
    for (const item of incompleteItems(template.quiz))
      problems.push(`${item.kind} ${item.rank} is incomplete: ${item.reasons.join(' ')}`);
    for (const warning of quizWarnings(template.quiz)) problems.push(warning.message);
  }
  if (problems.length > 0 || !template)
    throw new Error(`Starter template ${file} is invalid: ${problems.join('; ')}`);
  return template;
}

/**
 * The starter library shipped with the server: the categories of `categories.json` and every template file
 * of `templates/`, each checked (see `loadTemplate`) and expanded to a full quiz, both sorted by name. A
 * broken file throws, naming it. Keys are unique because each file is named after its key. `folder` is for
 * tests; the seed uses the shipped library.
 */
export function loadStarterLibrary(folder = starterLibraryFolder): StarterLibrary {
  const categories = loadCategories(folder);
  const categoryKeys = new Set(categories.map((category) => category.key));
  const templatesFolder = path.join(folder, 'templates');
  const templates = readdirSync(templatesFolder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => loadTemplate(path.join(templatesFolder, name), categoryKeys));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-US');
  return { categories: [...categories].sort(byName), templates: templates.sort(byName) };
}
