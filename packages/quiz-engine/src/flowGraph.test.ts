import { describe, expect, it } from 'vitest';
import {
  buildFlowGraph,
  outcomelessFinishAnswerIds,
  reachableQuestionIds,
  stronglyConnectedComponents,
} from './flowGraph';
import { buildQuiz } from './testing/quizzes';

describe('buildFlowGraph', () => {
  it('gives a question without answers one 0-point edge that follows the question', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, { answers: [{ points: 3, to: 'end' }] }] });
    const graph = buildFlowGraph(quiz);
    expect(graph.first).toBe(q[0]);
    expect(graph.edges.get(q[0] ?? 0)).toEqual([{ answerId: null, points: 0, outcome: null, to: q[1] }]);
    expect(graph.edges.get(q[1] ?? 0)).toMatchObject([{ points: 3, to: null }]);
  });
});

describe('reachableQuestionIds', () => {
  it('follows every answer from the first question', () => {
    const { quiz, q } = buildQuiz({
      questions: [
        { answers: [{ to: 2 }, { to: 'end' }] },
        { answers: [{}] },
        { answers: [{ to: 'end' }] },
        {},
      ],
    });
    expect([...reachableQuestionIds(quiz)].sort()).toEqual([q[0], q[2]].sort());
    expect(reachableQuestionIds(buildQuiz({}).quiz).size).toBe(0);
  });
});

describe('stronglyConnectedComponents', () => {
  it('finds cycles and orders components sinks first', () => {
    const successors: Record<number, number[]> = { 1: [2], 2: [3], 3: [2, 4], 4: [4], 5: [] };
    const components = stronglyConnectedComponents([1, 2, 3, 4, 5], (node) => successors[node] ?? []);
    const find = (node: number) => components.findIndex((component) => component.nodes.includes(node));
    expect(components[find(2)]).toMatchObject({ cyclic: true });
    expect(components[find(2)]?.nodes.sort()).toEqual([2, 3]);
    expect(components[find(4)]?.cyclic).toBe(true);
    expect(components[find(1)]?.cyclic).toBe(false);
    expect(components[find(5)]?.cyclic).toBe(false);
    expect(find(4)).toBeLessThan(find(2));
    expect(find(2)).toBeLessThan(find(1));
  });
});

describe('outcomelessFinishAnswerIds', () => {
  it('is empty when every path meets an answer with an outcome', () => {
    const { quiz } = buildQuiz({
      type: 'general',
      outcomes: ['A'],
      questions: [{ answers: [{}, {}] }, { answers: [{ outcome: 0 }] }],
    });
    expect(outcomeless(quiz)).toEqual([]);
  });

  it('reports unlinked answers on a walk that reaches the end', () => {
    const { quiz, a } = buildQuiz({
      type: 'general',
      outcomes: ['A'],
      questions: [{ answers: [{}, { outcome: 0 }] }, { answers: [{ outcome: 0 }, {}] }],
    });
    expect(outcomeless(quiz)).toEqual([a[0]?.[0], a[1]?.[1]].sort());
  });

  it('counts a jump back to an answered question as finishing', () => {
    const { quiz, a } = buildQuiz({
      type: 'general',
      outcomes: ['A'],
      questions: [{ answers: [{}] }, { answers: [{ to: 0 }, { outcome: 0 }] }],
    });
    expect(outcomeless(quiz)).toEqual([a[0]?.[0], a[1]?.[0]].sort());
  });

  it('treats a link to a missing outcome as no link', () => {
    const built = buildQuiz({ type: 'general', outcomes: ['A'], questions: [{ answers: [{ outcome: 0 }] }] });
    const quiz = { ...built.quiz, outcomes: [] };
    expect(outcomeless(quiz)).toEqual(built.a[0]);
  });
});

function outcomeless(quiz: Parameters<typeof outcomelessFinishAnswerIds>[0]): number[] {
  return [...outcomelessFinishAnswerIds(quiz)].sort();
}
