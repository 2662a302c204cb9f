import type { Category, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_CATEGORIES } from '@quizbeam/contracts/quizConstants';
import { takeId } from './ids';

/** The longest category name the schema takes. */
export const MAX_CATEGORY_NAME_LENGTH = 100;

/*
 * Categories of a scored quiz (Strategy, Execution…): each question may count toward one, and each has its own
 * score, maximum and percentage. Names are stored as typed (the schema trims them on save), so that a space
 * typed between two words is not taken away before the next one.
 */

/**
 * Appends a category named `name` (cut to MAX_CATEGORY_NAME_LENGTH) with the next child id.
 * Throws when the quiz already has MAX_CATEGORIES categories.
 */
export function addCategory(quiz: Quiz, name: string): { quiz: Quiz; categoryId: number } {
  const categories = quiz.categories ?? [];
  if (categories.length >= MAX_CATEGORIES)
    throw new Error(`A quiz has at most ${MAX_CATEGORIES} categories.`);
  const { quiz: counted, id } = takeId(quiz);
  const category: Category = { id, name: name.slice(0, MAX_CATEGORY_NAME_LENGTH) };
  return { quiz: { ...counted, categories: [...categories, category] }, categoryId: id };
}

/** Renames the category (cut to MAX_CATEGORY_NAME_LENGTH). Unknown id: the same quiz. */
export function renameCategory(quiz: Quiz, categoryId: number, name: string): Quiz {
  const categories = quiz.categories ?? [];
  const index = categories.findIndex((category) => category.id === categoryId);
  if (index < 0) return quiz;
  return {
    ...quiz,
    categories: categories.with(index, { id: categoryId, name: name.slice(0, MAX_CATEGORY_NAME_LENGTH) }),
  };
}

/** Removes the category; questions in it are left in none. Unknown id: the same quiz. */
export function removeCategory(quiz: Quiz, categoryId: number): Quiz {
  const categories = quiz.categories ?? [];
  if (!categories.some((category) => category.id === categoryId)) return quiz;
  return {
    ...quiz,
    categories: categories.filter((category) => category.id !== categoryId),
    questions: quiz.questions.map((question) =>
      question.category === categoryId ? { ...question, category: null } : question,
    ),
  };
}
