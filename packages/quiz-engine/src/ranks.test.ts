import { describe, expect, it } from 'vitest';
import { moveToIndex, renumber, sortByRank } from './ranks';

describe('renumber', () => {
  it('numbers ranks 1..n in list order without touching the input', () => {
    const items = [
      { rank: 5, n: 'a' },
      { rank: 2, n: 'b' },
      { rank: 3, n: 'c' },
    ];
    const copy = structuredClone(items);
    expect(renumber(items)).toEqual([
      { rank: 1, n: 'a' },
      { rank: 2, n: 'b' },
      { rank: 3, n: 'c' },
    ]);
    expect(items).toEqual(copy);
  });

  it('keeps items whose rank is already right and copies the others', () => {
    const items = [{ rank: 1 }, { rank: 7 }];
    const result = renumber(items);
    expect(result[0]).toBe(items[0]);
    expect(result[1]).not.toBe(items[1]);
    expect(renumber([])).toEqual([]);
  });
});

describe('moveToIndex', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves the dragged item down to the target position', () => {
    expect(moveToIndex(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveToIndex(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('moves the dragged item up to the target position', () => {
    expect(moveToIndex(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveToIndex(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('clamps the target and ignores an unknown source', () => {
    expect(moveToIndex(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveToIndex(list, 1, -5)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveToIndex(list, 9, 0)).toEqual(list);
    expect(moveToIndex(list, 1.5, 0)).toEqual(list);
    expect(moveToIndex(list, 1, 1)).toEqual(list);
  });

  it('returns a new array and leaves the input alone', () => {
    const result = moveToIndex(list, 0, 1);
    expect(result).not.toBe(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('sortByRank', () => {
  it('sorts a copy by rank, stable for equal ranks', () => {
    const items = [
      { rank: 2, n: 'x' },
      { rank: 1, n: 'y' },
      { rank: 2, n: 'z' },
    ];
    expect(sortByRank(items).map((item) => item.n)).toEqual(['y', 'x', 'z']);
    expect(items[0]?.n).toBe('x');
  });
});
