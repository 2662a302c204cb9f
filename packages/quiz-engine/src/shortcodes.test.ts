import { describe, expect, it } from 'vitest';
import { fillShortcodes, shortcodeCategoryNames, withoutShortcodes } from './shortcodes';

const values = {
  score: 6,
  maxScore: 10,
  percent: 60,
  categories: [{ id: 1, name: 'Strategy', score: 4, maxScore: 8, percent: 50 }],
};

describe('shortcodes', () => {
  it('fills the quiz-wide and the category codes, in any case and spacing', () => {
    expect(fillShortcodes('[[score]]/[[ MAXSCORE ]] = [[percent]]%', values)).toBe('6/10 = 60%');
    expect(
      fillShortcodes(
        'Strategy [[score:strategy]] of [[maxScore: Strategy ]] ([[percent:Strategy]]%)',
        values,
      ),
    ).toBe('Strategy 4 of 8 (50%)');
  });

  it('leaves a code naming no category as typed, and lists the names codes use', () => {
    expect(fillShortcodes('[[percent:Team]]', values)).toBe('[[percent:Team]]');
    expect(shortcodeCategoryNames('[[score]] [[percent:Team]] [[score:Strategy]]')).toEqual([
      'Team',
      'Strategy',
    ]);
  });

  it('takes every code out of a text that has no score', () => {
    expect(withoutShortcodes('You scored [[percent:Team]] [[score]] points')).toBe('You scored points');
  });
});
