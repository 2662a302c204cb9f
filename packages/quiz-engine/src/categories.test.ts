import { quizSchema } from '@quizbeam/contracts/quiz';
import { MAX_CATEGORIES } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { addCategory, removeCategory, renameCategory } from './categories';
import { updateQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

describe('categories', () => {
  it('adds categories with child ids, renames them as typed and refuses more than 20', () => {
    const { quiz } = buildQuiz({ questions: [{}] });
    const strategy = addCategory(quiz, 'Strategy');
    const team = addCategory(strategy.quiz, 'Team');
    expect(strategy.categoryId).toBe(quiz.nextId);
    expect(team.quiz.nextId).toBe(quiz.nextId + 2);
    const renamed = renameCategory(team.quiz, team.categoryId, 'Team work ');
    expect(renamed.categories).toEqual([
      { id: strategy.categoryId, name: 'Strategy' },
      { id: team.categoryId, name: 'Team work ' },
    ]);
    expect(renameCategory(renamed, 999, 'x')).toBe(renamed);
    expect(renameCategory(renamed, team.categoryId, 'y'.repeat(150)).categories?.[1]?.name).toHaveLength(100);
    expect(quizSchema.parse(renamed).categories?.[1]?.name).toBe('Team work');

    let full = renamed;
    while ((full.categories ?? []).length < MAX_CATEGORIES) full = addCategory(full, 'More').quiz;
    expect(() => addCategory(full, 'One too many')).toThrow(/at most 20/);
  });

  it('removes a category and leaves its questions in none', () => {
    const { quiz: built, q } = buildQuiz({ questions: [{}, {}] });
    const strategy = addCategory(built, 'Strategy');
    const team = addCategory(strategy.quiz, 'Team');
    let quiz = updateQuestion(team.quiz, q[0] ?? 0, { category: strategy.categoryId });
    quiz = updateQuestion(quiz, q[1] ?? 0, { category: team.categoryId });
    const removed = removeCategory(quiz, strategy.categoryId);
    expect(removed.categories).toEqual([{ id: team.categoryId, name: 'Team' }]);
    expect(removed.questions.map((question) => question.category)).toEqual([null, team.categoryId]);
    expect(removed.questions[1]).toBe(quiz.questions[1]);
    expect(removeCategory(removed, strategy.categoryId)).toBe(removed);
    expect(() => quizSchema.parse(removed)).not.toThrow();
  });
});
