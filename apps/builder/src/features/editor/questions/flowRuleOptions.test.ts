import { describe, expect, it } from 'vitest';
import { END_QUIZ, NEXT_IN_LIST, optionToRule, pointsOptions, ruleToOption } from './flowRuleOptions';

describe('Next rule options', () => {
  it('maps each choice to the flow rule the spec names', () => {
    expect(optionToRule(NEXT_IN_LIST, 'follow_question')).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(optionToRule(NEXT_IN_LIST, 'next_in_list').behaviour).toBe('next_in_list');
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
    for (const option of [NEXT_IN_LIST, '12', END_QUIZ]) {
      expect(ruleToOption(optionToRule(option, 'follow_question'))).toBe(option);
    }
  });

  it('offers Incorrect +0 and Correct +1 to +10', () => {
    expect(pointsOptions.map((option) => option.label)).toEqual([
      'Incorrect +0',
      ...Array.from({ length: 10 }, (_, index) => `Correct +${index + 1}`),
    ]);
  });
});
