import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import {
  answerNextOptions,
  DEFAULT_RULE,
  END_QUIZ,
  optionToRule,
  pointsOptions,
  questionNextOptions,
  ruleToOption,
} from './flowRuleOptions';

describe('Next rule options', () => {
  it('maps each choice to the flow rule it names', () => {
    expect(optionToRule(DEFAULT_RULE, 'follow_question')).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(optionToRule(DEFAULT_RULE, 'next_in_list').behaviour).toBe('next_in_list');
    expect(optionToRule('7', 'follow_question')).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'specific_question',
      target: 7,
    });
    expect(optionToRule(END_QUIZ, 'next_in_list')).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'end_quiz',
      target: -1,
    });
  });

  it('reads a rule back into its choice', () => {
    for (const option of [DEFAULT_RULE, '12', END_QUIZ]) {
      expect(ruleToOption(optionToRule(option, 'follow_question'))).toBe(option);
    }
  });

  it('offers a question its choices: in list, each other question, or the end', () => {
    const { quiz, q } = buildQuiz({ questions: [{ text: 'Pets?' }, { text: '  ' }, { text: 'Age?' }] });
    expect(questionNextOptions(quiz, q[0] ?? 0)).toEqual([
      { value: DEFAULT_RULE, label: 'Next Question In List' },
      { value: String(q[1]), label: 'Question 2: Untitled question' },
      { value: String(q[2]), label: 'Question 3: Age?' },
      { value: END_QUIZ, label: 'End Quiz Here' },
    ]);
  });

  it('names an answer’s default after what its question does', () => {
    const { quiz, q } = buildQuiz({
      questions: [
        { text: 'Pets?' },
        { text: 'Cats?', to: 'end' },
        { text: 'Dogs?', to: 3 },
        { text: 'Age?' },
      ],
    });
    const defaultLabel = (index: number) => answerNextOptions(quiz, q[index] ?? 0)[0];
    expect(defaultLabel(0)).toEqual({
      value: DEFAULT_RULE,
      label: 'Same as the question (Next question in list)',
    });
    expect(defaultLabel(1)?.label).toBe('Same as the question (End quiz here)');
    expect(defaultLabel(2)?.label).toBe('Same as the question (Go to question 4: Age?)');
    expect(answerNextOptions(quiz, q[0] ?? 0).slice(1)).toEqual([
      { value: String(q[1]), label: 'Question 2: Cats?' },
      { value: String(q[2]), label: 'Question 3: Dogs?' },
      { value: String(q[3]), label: 'Question 4: Age?' },
      { value: END_QUIZ, label: 'End Quiz Here' },
    ]);
  });

  it('offers Incorrect +0 and Correct +1 to +10', () => {
    expect(pointsOptions.map((option) => option.label)).toEqual([
      'Incorrect +0',
      ...Array.from({ length: 10 }, (_, index) => `Correct +${index + 1}`),
    ]);
  });
});
