import { describe, expect, it } from 'vitest';
import { analyticsDays } from '../../test/analyticsResults';
import { DAILY_SERIES, dailyChartData } from './dailyChartData';
import { scoreColumns } from './ScoreDistribution';

describe('daily chart data', () => {
  it('puts each UTC day at its midnight, then visitors, starts, completions and leads', () => {
    const days = analyticsDays('2026-11-22', '2026-11-24', (_day, index) => ({
      visitors: 10 + index,
      starts: 5 + index,
      completions: 2 * index,
      leads: index,
    }));
    expect(DAILY_SERIES.map((series) => series.label)).toEqual([
      'Visitors',
      'Starts',
      'Completions',
      'Leads',
    ]);
    expect(dailyChartData(days)).toEqual([
      [Date.UTC(2026, 10, 22) / 1000, Date.UTC(2026, 10, 23) / 1000, Date.UTC(2026, 10, 24) / 1000],
      [10, 11, 12],
      [5, 6, 7],
      [0, 2, 4],
      [0, 1, 2],
    ]);
  });

  it('has an empty column per series for an empty range', () => {
    expect(dailyChartData([])).toEqual([[], [], [], [], []]);
  });
});

describe('score histogram columns', () => {
  it('scales each score to the most common one and labels every score of a short scale', () => {
    const columns = scoreColumns({ maxScore: 3, counts: [0, 5, 10, 2] });
    expect(columns.map((column) => column.heightPercentage)).toEqual([0, 50, 100, 20]);
    expect(columns.every((column) => column.labelled)).toBe(true);
  });

  it('labels a long scale every few scores and always its last', () => {
    const columns = scoreColumns({ maxScore: 50, counts: Array.from({ length: 51 }, () => 0) });
    const labelled = columns.filter((column) => column.labelled).map((column) => column.score);
    expect(labelled).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
    expect(columns.every((column) => column.heightPercentage === 0)).toBe(true);
  });
});
