import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { removeAnswer, updateAnswer } from './answers';
import { addCategory, removeCategory } from './categories';
import { setLeadFormPlacement } from './leadCapture';
import { mergeQuiz, resolveConflicts } from './mergeQuiz';
import { addOutcome, removeOutcome, updateOutcome } from './outcomes';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { coffeeQuiz, saved, texts } from './testing/coffeeQuiz';

const expectValid = (quiz: Quiz) => expect(quizSchema.safeParse(quiz).error).toBeUndefined();

describe('mergeQuiz: deletions, order and references', () => {
  it('deletes what one side deleted and the other left alone', () => {
    const { base, q2, q3, o2, answers } = coffeeQuiz();
    const mine = removeQuestion(removeAnswer(base, q2, answers[1]?.[1] ?? 0), q3);
    const theirs = saved(removeOutcome(updateQuestion(base, q2, { text: 'Roast?' }), o2));
    const { merged, conflicts } = mergeQuiz(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(texts(merged)).toEqual(['How do you take your coffee?', 'Roast?']);
    expect(merged.questions[1]?.answers.map((answer) => answer.text)).toEqual(['Dark']);
    expect(merged.outcomes.map((outcome) => outcome.name)).toEqual(['Bold Roast']);
    expectValid(merged);
  });

  it('asks when mine deleted a question theirs changed, and removes it cleanly when mine wins', () => {
    const { base, q1, q2, answers } = coffeeQuiz();
    const jumping = saved(
      updateAnswer(base, q1, answers[0]?.[0] ?? 0, {
        next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: q2 },
      }),
    );
    const mine = removeQuestion(jumping, q2);
    const theirs = saved(updateQuestion(jumping, q2, { text: 'Which roast do you love?' }));

    const result = mergeQuiz(jumping, mine, theirs);

    expect(result.conflicts).toEqual([
      {
        path: ['questions', q2],
        label: 'Question 2 ("Which roast do you like?") › Deleted in your version, changed in the other',
        mine: undefined,
        theirs: theirs.questions[1],
      },
    ]);
    expect(texts(result.merged)[1]).toBe('Which roast do you love?');
    // Resetting the jump was only the clean-up of mine's removal: while the question stays, so does the jump.
    expect(result.merged.questions[0]?.answers[0]?.next).toMatchObject({
      behaviour: 'specific_question',
      target: q2,
    });

    const resolved = resolveConflicts(result, ['mine']);
    expect(texts(resolved)).toEqual(['How do you take your coffee?', 'When do you drink it?']);
    expect(resolved.questions[0]?.answers[0]?.next).toMatchObject({
      behaviour: 'follow_question',
      target: null,
    });
    expect(resolved.questions.map((question) => question.rank)).toEqual([1, 2]);
    expectValid(resolved);
  });

  it('asks when theirs deleted an outcome mine changed, and puts it back in place when mine wins', () => {
    const { base, o1, o2 } = coffeeQuiz();
    const mine = updateOutcome(base, o1, { name: 'Bold & Dark' });
    const theirs = saved(removeOutcome(base, o1));

    const result = mergeQuiz(base, mine, theirs);

    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toMatchObject({
      path: ['outcomes', o1],
      label: 'Outcome 1 ("Bold Roast") › Changed in your version, deleted in the other',
      mine: { id: o1, name: 'Bold & Dark' },
      theirs: undefined,
    });
    expect(result.merged.outcomes.map((outcome) => outcome.id)).toEqual([o2]);
    const outcomeLinks = (quiz: Quiz) =>
      quiz.questions.flatMap((question) => question.answers.map((answer) => answer.outcome));
    expect(outcomeLinks(result.merged)).toEqual([null, o2, null, o2, null, null]);
    expect(resolveConflicts(result, ['theirs'])).toBe(result.merged);

    const resolved = resolveConflicts(result, ['mine']);
    expect(resolved.outcomes.map((outcome) => [outcome.id, outcome.rank, outcome.name])).toEqual([
      [o1, 1, 'Bold & Dark'],
      [o2, 2, 'Light Roast'],
    ]);
    // The answers' links to it were only theirs' clean-up: they come back with it.
    expect(outcomeLinks(resolved)).toEqual([o1, o2, o1, o2, null, null]);
    expectValid(resolved);
  });

  it("takes the order of the side that reordered, with the other side's edits and additions", () => {
    const { base, q1, q3 } = coffeeQuiz();
    const mine = moveQuestion(base, q3, 0);
    const added = addQuestion(updateQuestion(base, q1, { text: 'Milk or not?' }));
    const theirs = saved(updateQuestion(added.quiz, added.questionId, { text: 'Sugar?' }));

    const { merged, conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(texts(merged)).toEqual([
      'When do you drink it?',
      'Milk or not?',
      'Which roast do you like?',
      'Sugar?',
    ]);
    expect(merged.questions.map((question) => question.rank)).toEqual([1, 2, 3, 4]);
    expectValid(merged);
  });

  it("takes theirs' order plus mine's additions when both reordered differently", () => {
    const { base, q1, q2, q3 } = coffeeQuiz();
    const added = addQuestion(moveQuestion(base, q3, 0));
    const mine = updateQuestion(added.quiz, added.questionId, { text: 'Sugar?' });
    const theirs = saved(moveQuestion(base, q1, 2));

    const { merged, conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(merged.questions.map((question) => question.id)).toEqual([q2, q3, q1, added.questionId]);
    expect(merged.questions.map((question) => question.rank)).toEqual([1, 2, 3, 4]);
  });

  it('clears references to what the other side deleted', () => {
    const { base, q1, q2, q3, answers } = coffeeQuiz();
    const category = addCategory(base, 'Taste');
    const start = saved(category.quiz);
    const black = answers[0]?.[0] ?? 0;
    const added = addOutcome(start);
    let mine = updateAnswer(added.quiz, q1, black, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: q3 },
    });
    mine = updateAnswer(mine, q1, black, { outcome: base.outcomes[1]?.id ?? 0 });
    mine = updateQuestion(mine, q2, { category: category.categoryId });
    mine = setLeadFormPlacement(mine, { at: 'after_question', questionId: q3 });
    const theirs = saved(
      removeCategory(
        removeOutcome(removeQuestion(start, q3), base.outcomes[1]?.id ?? 0),
        category.categoryId,
      ),
    );

    const { merged, conflicts } = mergeQuiz(start, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(texts(merged)).toEqual(['How do you take your coffee?', 'Which roast do you like?']);
    expect(merged.questions[0]?.answers[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(merged.questions.flatMap((question) => question.answers.map((answer) => answer.outcome))).toEqual([
      null,
      null,
      base.outcomes[0]?.id,
      null,
    ]);
    expect(merged.questions[1]?.category).toBeNull();
    expect(merged.leadCaptureSettings.placement).toEqual({ at: 'before_results' });
    expect(merged.outcomes.map((outcome) => outcome.id)).toEqual([base.outcomes[0]?.id, added.outcomeId]);
    expectValid(merged);
  });
});
