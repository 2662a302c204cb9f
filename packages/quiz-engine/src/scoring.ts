import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { buildFlowGraph, type FlowGraph, stronglyConnectedComponents } from './flowGraph';
import { sortByRank } from './ranks';

/**
 * The points collected by the chosen answers. Each answer id counts once (a path never answers a question
 * twice); ids that are not answers of this quiz count 0.
 */
export function totalPoints(quiz: Quiz, answerIds: number[]): number {
  const chosen = new Set(answerIds);
  let total = 0;
  for (const question of quiz.questions) {
    for (const answer of question.answers) if (chosen.has(answer.id)) total += answer.points;
  }
  return total;
}

/**
 * How many memoised states the exact search may create before giving up for an upper bound. Plain
 * forward flows need one state per question; only flows with many interlocking backward jumps get near it.
 */
export const SCORE_STATE_BUDGET = 10_000;

export type ScoreAnalysis = {
  /** The most points a path can collect (exact unless `exact` is false, then an upper bound). */
  maxScore: number;
  /** Every total some complete path can end with, ascending; null when the search gave up. */
  achievableScores: number[] | null;
  exact: boolean;
};

class BudgetExceeded extends Error {}

/**
 * The scores paths through the flow can collect.
 *
 * Paths: a respondent starts at the first question (by rank) and follows the answers' rules. Flows may
 * branch, skip questions and jump backwards, so the flow graph can have cycles; a path never answers the
 * same question twice: a step that leads back to an answered question ends the quiz (as `nextStep` does
 * when given the answered questions). A question without answers yet counts as one 0-point answer that
 * follows the question's rule.
 *
 * Method: a memoised depth-first search whose state is the current question plus, inside a cycle, the set
 * of questions still reachable without passing an answered one (that is all the future depends on). The
 * result of each state is a bitset (bigint) of the points collectable from there. Outside cycles there is
 * one state per question, so forward flows are linear. When the search exceeds SCORE_STATE_BUDGET states,
 * maxScore falls back to an upper bound: the longest path over the components of the flow graph, where a
 * cycle's questions may each contribute their best answer.
 */
export function analyseScores(quiz: Quiz): ScoreAnalysis {
  const graph = buildFlowGraph(quiz);
  if (graph.first === null) return { maxScore: 0, achievableScores: [0], exact: true };
  const { edges, componentOf, cyclic } = prepare(graph);
  try {
    const bits = exactScores(graph.first, edges, componentOf, cyclic);
    const scores: number[] = [];
    const text = bits.toString(2);
    for (let bit = 0; bit < text.length; bit++) if (text[text.length - 1 - bit] === '1') scores.push(bit);
    return { maxScore: text.length - 1, achievableScores: scores, exact: true };
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    return {
      maxScore: upperBound(graph.first, edges, componentOf, cyclic),
      achievableScores: null,
      exact: false,
    };
  }
}

type SimpleEdge = { to: number | null; points: number };

function prepare(graph: FlowGraph) {
  const edges = new Map<number, SimpleEdge[]>();
  for (const [questionId, flowEdges] of graph.edges) {
    const seen = new Set<string>();
    const unique: SimpleEdge[] = [];
    for (const edge of flowEdges) {
      const key = `${edge.to}:${edge.points}`;
      if (seen.has(key)) continue;
      seen.add(key);
      unique.push({ to: edge.to, points: edge.points });
    }
    edges.set(questionId, unique);
  }
  const successors = (node: number) =>
    (edges.get(node) ?? []).flatMap((edge) => (edge.to === null ? [] : [edge.to]));
  const componentOf = new Map<number, number>();
  const cyclic: boolean[] = [];
  stronglyConnectedComponents(graph.order, successors).forEach((component, index) => {
    for (const node of component.nodes) componentOf.set(node, index);
    cyclic[index] = component.cyclic;
  });
  return { edges, componentOf, cyclic };
}

function exactScores(
  first: number,
  edges: Map<number, SimpleEdge[]>,
  componentOf: Map<number, number>,
  cyclic: boolean[],
): bigint {
  const memo = new Map<string, bigint>();
  const visited = new Set<number>([first]);
  const stateKey = (node: number): string => {
    const component = componentOf.get(node);
    if (component === undefined || !cyclic[component]) return `${node}`;
    // Questions of this cycle still reachable without passing an answered one.
    const region: number[] = [];
    const seen = new Set<number>();
    const stack = [node];
    for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
      for (const edge of edges.get(current) ?? []) {
        const to = edge.to;
        if (to === null || seen.has(to) || visited.has(to) || componentOf.get(to) !== component) continue;
        seen.add(to);
        region.push(to);
        stack.push(to);
      }
    }
    return `${node}:${region.sort((a, b) => a - b).join(',')}`;
  };
  const explore = (node: number): bigint => {
    const key = stateKey(node);
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (memo.size >= SCORE_STATE_BUDGET) throw new BudgetExceeded();
    let bits = 0n;
    for (const edge of edges.get(node) ?? []) {
      let tail = 1n;
      if (edge.to !== null && !visited.has(edge.to)) {
        visited.add(edge.to);
        tail = explore(edge.to);
        visited.delete(edge.to);
      }
      bits |= tail << BigInt(edge.points);
    }
    memo.set(key, bits);
    return bits;
  };
  return explore(first);
}

function upperBound(
  first: number,
  edges: Map<number, SimpleEdge[]>,
  componentOf: Map<number, number>,
  cyclic: boolean[],
): number {
  const members = new Map<number, number[]>();
  for (const [node, component] of componentOf)
    members.set(component, [...(members.get(component) ?? []), node]);
  const best: number[] = [];
  // Components come in reverse topological order: every component a component leads to has a lower index.
  for (let component = 0; component < cyclic.length; component++) {
    const nodes = members.get(component) ?? [];
    const beyond = (to: number | null) => {
      const next = to === null ? undefined : componentOf.get(to);
      return next === undefined || next === component ? 0 : (best[next] ?? 0);
    };
    if (cyclic[component]) {
      let inside = 0;
      let exit = 0;
      for (const node of nodes) {
        inside += Math.max(0, ...(edges.get(node) ?? []).map((edge) => edge.points));
        for (const edge of edges.get(node) ?? []) exit = Math.max(exit, beyond(edge.to));
      }
      best[component] = inside + exit;
    } else {
      best[component] = Math.max(
        0,
        ...(edges.get(nodes[0] ?? -1) ?? []).map((edge) => edge.points + beyond(edge.to)),
      );
    }
  }
  return best[componentOf.get(first) ?? -1] ?? 0;
}

/** The most points any path through the flow can collect (see `analyseScores` for paths and cycles). */
export function maxScore(quiz: Quiz): number {
  return analyseScores(quiz).maxScore;
}

/** Every total a complete path can end with, ascending, or null when the flow is too tangled to list. */
export function achievableScores(quiz: Quiz): number[] | null {
  return analyseScores(quiz).achievableScores;
}

/**
 * The outcome whose score interval (both ends set, inclusive) holds the score; the first by rank when
 * several do; null when none does. Outcomes with an unfinished interval never match.
 */
export function scoredOutcome(quiz: Quiz, score: number): Outcome | null {
  return (
    sortByRank(quiz.outcomes).find(
      ({ scoreRange: { from, to } }) => from !== null && to !== null && from <= score && score <= to,
    ) ?? null
  );
}

/** Replaces every [[score]] and [[maxScore]] shortcode (any letter case, spaces inside the brackets allowed). */
export function substituteScore(text: string, score: number, maxScore: number): string {
  return text
    .replace(/\[\[\s*maxScore\s*\]\]/gi, () => String(maxScore))
    .replace(/\[\[\s*score\s*\]\]/gi, () => String(score));
}
