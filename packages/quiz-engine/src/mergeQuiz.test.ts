import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { addAnswer, updateAnswer } from './answers';
import { addLeadField, updateLeadField } from './leadCapture';
import { mergeQuiz, resolveConflicts } from './mergeQuiz';
import { newQuiz } from './newQuiz';
import { addAlternateDescription, addOutcome, updateDescription, updateOutcome } from './outcomes';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { coffeeQuiz, saved, texts } from './testing/coffeeQuiz';
import { updateQuiz } from './updateQuiz';

const expectValid = (quiz: Quiz) => expect(quizSchema.safeParse(quiz).error).toBeUndefined();

describe('mergeQuiz', () => {
  it('returns theirs itself when both sides are the same', () => {
    const { base, q1 } = coffeeQuiz();
    const theirs = saved(updateQuestion(base, q1, { text: 'Coffee?' }));
    expect(mergeQuiz(base, theirs, theirs)).toEqual({ merged: theirs, conflicts: [] });
    const result = mergeQuiz(base, structuredClone(theirs), theirs);
    expect(result.merged).toBe(theirs);
    expect(result.conflicts).toEqual([]);
  });

  it('takes the same additions on both sides once', () => {
    const { base } = coffeeQuiz();
    const added = addQuestion(addOutcome(base).quiz);
    const theirs = saved(updateQuestion(added.quiz, added.questionId, { text: 'Sugar?' }));
    expect(mergeQuiz(base, structuredClone({ ...theirs, revision: 4 }), theirs).merged).toBe(theirs);
    const counted = mergeQuiz(base, { ...theirs, nextId: theirs.nextId + 2 }, theirs);
    expect(counted.merged).toEqual({ ...theirs, nextId: theirs.nextId + 2 });
  });

  it('returns theirs itself when mine changed nothing', () => {
    const { base, q2 } = coffeeQuiz();
    const theirs = saved(removeQuestion(base, q2));
    expect(mergeQuiz(base, base, theirs).merged).toBe(theirs);
  });

  it("takes mine's changes with theirs' revision when theirs changed nothing", () => {
    const { base, q1 } = coffeeQuiz();
    const mine = updateQuestion(base, q1, { text: 'Coffee?' });
    const { merged, conflicts } = mergeQuiz(base, mine, saved(base));
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ ...mine, revision: 5 });
  });

  it('merges changes to different questions, outcomes and settings without conflicts', () => {
    const { base, q1, q3, o2, answers } = coffeeQuiz();
    const mine = updateQuiz(updateQuestion(base, q1, { text: 'How do you drink your coffee?' }), {
      name: 'Coffee finder',
    });
    let theirs = updateAnswer(base, q3, answers[2]?.[0] ?? 0, { points: 3, text: 'Early morning' });
    theirs = saved(updateQuiz(updateOutcome(theirs, o2, { name: 'Blonde Roast' }), { theme: 'forest' }));

    const { merged, conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(merged.name).toBe('Coffee finder');
    expect(merged.theme).toBe('forest');
    expect(texts(merged)).toEqual([
      'How do you drink your coffee?',
      'Which roast do you like?',
      'When do you drink it?',
    ]);
    expect(merged.questions[2]?.answers[0]).toMatchObject({ text: 'Early morning', points: 3 });
    expect(merged.outcomes.map((outcome) => outcome.name)).toEqual(['Bold Roast', 'Blonde Roast']);
    expect(merged.revision).toBe(5);
    expect(merged.nextId).toBe(base.nextId);
    expectValid(merged);
  });

  it('merges two edits of different fields of one answer', () => {
    const { base, q2, answers } = coffeeQuiz();
    const dark = answers[1]?.[0] ?? 0;
    const mine = updateAnswer(base, q2, dark, { text: 'Very dark' });
    const theirs = saved(updateAnswer(base, q2, dark, { points: 7 }));
    const { merged, conflicts } = mergeQuiz(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.questions[1]?.answers[0]).toMatchObject({ text: 'Very dark', points: 7 });
  });

  it('takes a field changed alike on both sides once', () => {
    const { base, q2 } = coffeeQuiz();
    const mine = updateQuestion(base, q2, { text: 'Your roast?' });
    const theirs = saved(updateQuiz(updateQuestion(base, q2, { text: 'Your roast?' }), { cta: 'Go' }));
    const { merged, conflicts } = mergeQuiz(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toBe(theirs);
  });

  it('reports one conflict with both values when both sides changed the same field', () => {
    const { base, q1, q2 } = coffeeQuiz();
    const mine = updateQuestion(updateQuestion(base, q2, { text: 'Pick a roast' }), q1, {
      description: 'Mine',
    });
    const theirs = saved(updateQuestion(base, q2, { text: 'Which roast suits you?' }));

    const result = mergeQuiz(base, mine, theirs);

    expect(result.conflicts).toEqual([
      {
        path: ['questions', q2, 'text'],
        label: 'Question 2 ("Which roast do you like?") › Question text',
        mine: 'Pick a roast',
        theirs: 'Which roast suits you?',
      },
    ]);
    expect(texts(result.merged)[1]).toBe('Which roast suits you?');
    expect(result.merged.questions[0]?.description).toBe('Mine');
    expect(texts(resolveConflicts(result, ['mine']))[1]).toBe('Pick a roast');
    expect(resolveConflicts(result, ['theirs'])).toBe(result.merged);
  });

  it('labels conflicts the way the editor names things', () => {
    const { base, q2, o1, answers } = coffeeQuiz();
    const dark = answers[1]?.[0] ?? 0;
    let mine = updateAnswer(base, q2, dark, { points: 2 });
    mine = updateQuiz(updateOutcome(mine, o1, { name: 'Dark & Bold' }), { name: 'Mine' });
    let theirs = updateAnswer(base, q2, dark, { points: 5 });
    theirs = saved(updateQuiz(updateOutcome(theirs, o1, { name: 'Espresso' }), { name: 'Theirs' }));

    const { conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts.map((conflict) => [conflict.label, conflict.mine, conflict.theirs])).toEqual([
      ['Quiz name', 'Mine', 'Theirs'],
      ['Question 2 ("Which roast do you like?") › Answer "Dark" › Points', 2, 5],
      ['Outcome 1 ("Bold Roast") › Title', 'Dark & Bold', 'Espresso'],
    ]);
  });

  it('names items without text by position and cuts long texts', () => {
    const { base, q1, q3, answers } = coffeeQuiz();
    const long = 'When in the day do you usually drink your very first cup of coffee?';
    const start = updateAnswer(updateQuestion(base, q3, { text: long }), q1, answers[0]?.[1] ?? 0, {
      text: '',
    });
    const mine = updateAnswer(updateQuestion(start, q3, { optional: true }), q1, answers[0]?.[1] ?? 0, {
      points: 1,
    });
    const theirs = saved(
      updateAnswer(updateQuestion(start, q3, { optional: false }), q1, answers[0]?.[1] ?? 0, { points: 4 }),
    );
    expect(mergeQuiz(start, mine, theirs).conflicts.map((conflict) => conflict.label)).toEqual([
      'Question 1 ("How do you take your coffee?") › Answer 2 › Points',
      'Question 3 ("When in the day do you usually drink…") › Optional',
    ]);
  });

  it('treats a flow rule as one value', () => {
    const { base, q1, q3, answers } = coffeeQuiz();
    const black = answers[0]?.[0] ?? 0;
    const mine = updateAnswer(base, q1, black, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'end_quiz', target: -1 },
    });
    const theirs = saved(
      updateAnswer(base, q1, black, {
        next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: q3 },
      }),
    );
    const { conflicts } = mergeQuiz(base, mine, theirs);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      path: ['questions', q1, 'answers', black, 'next'],
      label: 'Question 1 ("How do you take your coffee?") › Answer "Black" › Next step',
      mine: { behaviour: 'end_quiz', target: -1 },
      theirs: { behaviour: 'specific_question', target: q3 },
    });
  });

  it('treats a list without ids, such as the descriptions, as one value', () => {
    const { base, o1, o2 } = coffeeQuiz();
    const mine = updateDescription(updateDescription(base, o1, 0, 'Strong and dark.'), o2, 0, 'Mild.');
    const theirs = saved(addAlternateDescription(base, o1));
    const result = mergeQuiz(base, mine, theirs);
    expect(result.conflicts).toEqual([
      {
        path: ['outcomes', o1, 'descriptions'],
        label: 'Outcome 1 ("Bold Roast") › Description',
        mine: ['Strong and dark.'],
        theirs: ['', ''],
      },
    ]);
    expect(result.merged.outcomes[1]?.descriptions).toEqual(['Mild.']);
    expect(resolveConflicts(result, ['mine']).outcomes[0]?.descriptions).toEqual(['Strong and dark.']);
  });

  it('keeps what both sides added, giving mine new ids where they clash with theirs', () => {
    const { base, q2, q3 } = coffeeQuiz();
    const mineQuestion = addQuestion(base);
    const mineAnswer = addAnswer(
      updateQuestion(mineQuestion.quiz, mineQuestion.questionId, { text: 'Mine' }),
      q2,
    );
    const mine = updateAnswer(mineAnswer.quiz, q2, mineAnswer.answerId, {
      text: 'Medium',
      next: {
        defaultBehaviour: 'follow_question',
        behaviour: 'specific_question',
        target: mineQuestion.questionId,
      },
    });
    const theirsQuestion = addQuestion(base);
    const theirsOutcome = addOutcome(
      updateQuestion(theirsQuestion.quiz, theirsQuestion.questionId, { text: 'Theirs' }),
    );
    const theirsAnswer = addAnswer(
      updateOutcome(theirsOutcome.quiz, theirsOutcome.outcomeId, { name: 'Decaf' }),
      q3,
    );
    const theirs = saved(updateAnswer(theirsAnswer.quiz, q3, theirsAnswer.answerId, { text: 'Night' }));
    // Both sides handed out the same ids.
    expect(mineQuestion.questionId).toBe(theirsQuestion.questionId);

    const { merged, conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(texts(merged)).toEqual([
      'How do you take your coffee?',
      'Which roast do you like?',
      'When do you drink it?',
      'Theirs',
      'Mine',
    ]);
    expect(merged.questions.map((question) => question.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.questions[3]?.id).toBe(theirsQuestion.questionId);
    expect(merged.outcomes.map((outcome) => [outcome.id, outcome.name])).toEqual([
      [base.outcomes[0]?.id, 'Bold Roast'],
      [base.outcomes[1]?.id, 'Light Roast'],
      [theirsOutcome.outcomeId, 'Decaf'],
    ]);
    const mineQuestionId = merged.questions[4]?.id ?? 0;
    expect(mineQuestionId).toBeGreaterThanOrEqual(theirs.nextId);
    const medium = merged.questions[1]?.answers[2];
    expect(medium?.text).toBe('Medium');
    expect(medium?.next).toMatchObject({ behaviour: 'specific_question', target: mineQuestionId });
    expect(merged.questions[2]?.answers.map((answer) => answer.text)).toEqual([
      'Morning',
      'Evening',
      'Night',
    ]);
    expect(merged.nextId).toBe(Math.max(mine.nextId, theirs.nextId) + 2);
    expectValid(merged);
  });

  it('keeps capture form fields added on both sides with keys of their own', () => {
    const { base } = coffeeQuiz();
    const mine = addLeadField(base, 'phone').quiz;
    const added = addLeadField(base, 'phone');
    const theirs = saved(updateLeadField(added.quiz, added.fieldId ?? '', { required: true }));
    const { merged, conflicts } = mergeQuiz(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.leadCaptureSettings.fields?.map((field) => [field.id, field.key, field.required])).toEqual([
      [added.fieldId, 'phone', true],
      [`f${theirs.nextId}`, 'phone_2', false],
    ]);
    expectValid(merged);
  });

  it('labels a conflict on a capture form field', () => {
    const { base } = coffeeQuiz();
    const added = addLeadField(base, 'company');
    const start = saved(added.quiz);
    const fieldId = added.fieldId ?? '';
    const mine = updateLeadField(start, fieldId, { label: 'Employer' });
    const theirs = saved(updateLeadField(start, fieldId, { label: 'Organization', key: 'org' }));
    expect(mergeQuiz(start, mine, theirs).conflicts.map((conflict) => conflict.label)).toEqual([
      'Capture form › Field "Company" › Label',
      'Capture form › Field "Company" › Key',
    ]);
  });

  it('applies each choice to its own conflict', () => {
    const { base, q1, q2, q3, o2 } = coffeeQuiz();
    let mine = updateQuestion(base, q1, { text: 'Mine 1' });
    mine = updateQuestion(removeQuestion(mine, q3), q2, { text: 'Mine 2' });
    mine = updateQuiz(updateOutcome(mine, o2, { ctaUrl: 'https://mine.example' }), { cta: 'Begin' });
    let theirs = updateQuestion(base, q1, { text: 'Theirs 1' });
    theirs = updateQuestion(updateQuestion(theirs, q2, { text: 'Theirs 2' }), q3, { text: 'Theirs 3' });
    theirs = saved(updateOutcome(theirs, o2, { ctaUrl: 'https://theirs.example' }));

    const result = mergeQuiz(base, mine, theirs);
    expect(result.conflicts.map((conflict) => conflict.path)).toEqual([
      ['questions', q1, 'text'],
      ['questions', q2, 'text'],
      ['questions', q3],
      ['outcomes', o2, 'ctaUrl'],
    ]);

    const resolved = resolveConflicts(result, ['mine', 'theirs', 'mine', 'theirs']);
    expect(texts(resolved)).toEqual(['Mine 1', 'Theirs 2']);
    expect(resolved.outcomes[1]?.ctaUrl).toBe('https://theirs.example');
    expect(resolved.cta).toBe('Begin');
    expect(resolved.revision).toBe(5);
    expectValid(resolved);
    expect(() => resolveConflicts(result, ['mine'])).toThrow(RangeError);
  });

  it('changes none of its inputs', () => {
    const { base, q1, q2 } = coffeeQuiz();
    const mine = removeQuestion(updateQuestion(base, q1, { text: 'Mine' }), q2);
    const theirs = saved(updateQuestion(addQuestion(base).quiz, q1, { text: 'Theirs' }));
    const copies = structuredClone([base, mine, theirs]);
    const result = mergeQuiz(base, mine, theirs);
    resolveConflicts(
      result,
      result.conflicts.map(() => 'mine'),
    );
    expect([base, mine, theirs]).toEqual(copies);
  });

  it('merges a 200-question quiz', () => {
    let base = newQuiz({ id: 'big', name: 'Big quiz', type: 'scored' });
    for (let index = 0; index < 200; index++) {
      const added = addQuestion(base);
      base = updateQuestion(added.quiz, added.questionId, { text: `Question number ${index + 1}` });
      for (let answer = 0; answer < 4; answer++) base = addAnswer(base, added.questionId).quiz;
    }
    const [tenth, hundredFiftieth] = [base.questions[9]?.id ?? 0, base.questions[149]?.id ?? 0];
    const mine = moveQuestion(updateQuestion(base, tenth, { text: 'Edited here' }), hundredFiftieth, 0);
    const theirs = saved(removeQuestion(addQuestion(base).quiz, base.questions[50]?.id ?? 0));

    const { merged, conflicts } = mergeQuiz(base, mine, theirs);

    expect(conflicts).toEqual([]);
    expect(merged.questions).toHaveLength(200);
    expect(merged.questions[0]?.id).toBe(hundredFiftieth);
    expect(merged.questions.find((question) => question.id === tenth)?.text).toBe('Edited here');
    expectValid(merged);
  });
});
