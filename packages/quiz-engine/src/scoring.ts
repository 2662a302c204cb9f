import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { MAX_QUESTION_POINTS } from '@quizbeam/contracts/quizConstants';
import { type CompactFlow, compactFlow } from './compactFlow';
import { buildFlowGraph } from './flowGraph';
import { percentOf } from './percent';
import { sortByRank } from './ranks';
import { fillShortcodes } from './shortcodes';

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
 * How many elementary steps the analysis may take before the exact search over a flow with cycles gives
 * up for an upper bound. A step is one edge examined (also while working out a search state's region),
 * one 64-bit word of a bitset shift-and-OR (plus 2 for the operation), and a search state's key counts 8
 * steps plus its length. The analysis runs synchronously on the server for every preview and published
 * page, and the exact search over cycles can grow exponentially: at roughly 10–30 ns a step this caps it
 * at about 5–15 ms. Flows without cycles always have an exact maximum (see LISTING_BUDGET).
 */
export const SCORE_WORK_BUDGET = 500_000;

/**
 * Flows without cycles are exact and linear, but a multi-select question leads on by runs of up to 501
 * consecutive totals, and spreading a bitset as wide as the maximum score over a run takes a shift per
 * doubling: a long quiz of them could take a second. Past this many steps of spreading (whatever the budget
 * for cycles) the list is given up (null) and the maximum, still exact, comes from the longest path.
 */
const LISTING_BUDGET = 250_000;

export type ScoreAnalysis = {
  /** The most points a path can collect (exact unless `exact` is false, then an upper bound). */
  maxScore: number;
  /** Every total some complete path can end with, ascending; null when the search gave up. */
  achievableScores: number[] | null;
  exact: boolean;
};

/** The analysis plus the elementary steps it took (see SCORE_WORK_BUDGET). */
export type CountedScoreAnalysis = ScoreAnalysis & { steps: number };

/**
 * The scores paths through the flow can collect.
 *
 * Paths: a respondent starts at the first question (by rank) and follows the answers' rules. Flows may
 * branch, skip questions and jump backwards, so the flow graph can have cycles; a path never answers the
 * same question twice: a step that leads back to an answered question ends the quiz (as `nextStep` does
 * when given the answered questions). A question without answers yet counts as one 0-point answer that
 * follows the question's rule.
 *
 * Method: without cycles, dynamic programming over the questions in reverse topological order, keeping
 * per question the best total and a bitset (bigint) of the collectable totals; linear in the answers.
 * With cycles, a memoised depth-first search whose state is the current question plus, inside a cycle,
 * the set of questions still reachable without passing an answered one (all the future depends on). That
 * search stops after SCORE_WORK_BUDGET steps; maxScore is then an upper bound (the longest path over the
 * components of the flow graph, a cycle's questions each contributing their best answer) and
 * achievableScores is null.
 */
export function analyseScores(quiz: Quiz): ScoreAnalysis {
  const known = analyses.get(quiz);
  if (known) return known;
  const { steps: _steps, ...analysis } = analyseScoresCounted(quiz);
  analyses.set(quiz, analysis);
  return analysis;
}

/** One analysis per quiz object: an edit's warnings, maximum and outcome checks all ask for it. */
const analyses = new WeakMap<Quiz, ScoreAnalysis>();

/**
 * `analyseScores` with the number of elementary steps it took. The exact part stops once it has used
 * `budget` steps; the upper bound that replaces it costs at most a few steps per answer on top.
 */
export function analyseScoresCounted(quiz: Quiz, budget = SCORE_WORK_BUDGET): CountedScoreAnalysis {
  const flow = compactFlow(buildFlowGraph(quiz), new WorkMeter(budget));
  if (flow === null) return { maxScore: 0, achievableScores: [0], exact: true, steps: 0 };
  const meter = new WorkMeter(budget);
  try {
    const scores = flow.hasCycle ? searchWithCycles(flow, meter) : scoresWithoutCycles(flow, meter);
    meter.count(bitsetSteps(scores.best));
    return {
      maxScore: scores.best,
      achievableScores: listBits(scores.bits),
      exact: true,
      steps: meter.steps,
    };
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    // Without cycles the longest path is the exact maximum; only the list of totals was given up.
    const maxScore = upperBound(flow, meter);
    return { maxScore, achievableScores: null, exact: !flow.hasCycle, steps: meter.steps };
  }
}

class BudgetExceeded extends Error {}

class WorkMeter {
  steps = 0;
  constructor(private readonly budget: number) {}

  /** Work bounded by the flow's size. */
  count(steps: number): void {
    this.steps += steps;
  }

  /** Work of the exact search over cycles, which may grow exponentially, so it stops at the budget. */
  spend(steps: number): void {
    this.steps += steps;
    if (this.steps > this.budget) throw new BudgetExceeded();
  }
}

/** A bigint shift-and-OR allocates (about two edges' worth of work) and then walks its 64-bit words. */
function bitsetSteps(width: number): number {
  return 2 + (width >> 6);
}

/** Building and hashing a search state's key string costs about 8 edges' worth plus its length. */
const KEY_STEPS = 8;

/** Collectable totals from some point on: a bitset (bit n set when n points can be collected) and its top. */
type Tally = { bits: bigint; best: number };

const QUIZ_END: Tally = { bits: 1n, best: 0 };

const SHIFTS = Array.from({ length: MAX_QUESTION_POINTS + 1 }, (_, points) => BigInt(points));

/** Combines the tallies after each of a node's answers, shifted by the answer's points. */
function tallyAnswers(
  flow: CompactFlow,
  node: number,
  tallyAfter: (target: number) => Tally,
  charge: (steps: number) => void,
  chargeSpread: (steps: number) => void = charge,
): Tally {
  let bits = 0n;
  let best = 0;
  for (let edge = flow.edgeStart[node] ?? 0; edge < (flow.edgeStart[node + 1] ?? 0); edge++) {
    const target = flow.edgeTarget[edge] ?? -1;
    const points = flow.edgePoints[edge] ?? 0;
    const top = flow.edgeTop[edge] ?? points;
    const tail = target < 0 ? QUIZ_END : tallyAfter(target);
    charge(1 + bitsetSteps(tail.best + points));
    let run = tail.bits << (SHIFTS[points] ?? BigInt(points));
    // Every shift from points to top, by doubling: after each step the run covers `width` consecutive shifts.
    for (let width = 1; width <= top - points; ) {
      const step = Math.min(width, top - points + 1 - width);
      chargeSpread(1 + bitsetSteps(tail.best + top));
      run |= run << (SHIFTS[step] ?? BigInt(step));
      width += step;
    }
    bits |= run;
    best = Math.max(best, tail.best + top);
  }
  return { bits, best };
}

function scoresWithoutCycles(flow: CompactFlow, meter: WorkMeter): Tally {
  const listing = new WorkMeter(LISTING_BUDGET);
  const tallies: Tally[] = [];
  const charge = (steps: number) => meter.count(steps);
  const chargeSpread = (steps: number) => listing.spend(steps);
  // Each component is one node; lower-numbered components come later in the flow, so they are done first.
  for (const [node] of flow.componentMembers) {
    if (node === undefined) continue;
    tallies[node] = tallyAnswers(flow, node, (target) => tallies[target] ?? QUIZ_END, charge, chargeSpread);
  }
  return tallies[0] ?? QUIZ_END;
}

function searchWithCycles(flow: CompactFlow, meter: WorkMeter): Tally {
  const { size, edgeStart, edgeTarget, componentOf, componentMembers, componentCyclic } = flow;
  const answered = new Uint8Array(size);
  const regionMark = new Int32Array(size);
  const stack = new Int32Array(size);
  const positionInComponent = new Int32Array(size);
  // Per cyclic component: the current node, then the region as 16-bit words (a plain array spreads fast).
  const keyParts: number[][] = componentMembers.map((members, component) => {
    members.forEach((node, position) => {
      positionInComponent[node] = position;
    });
    return componentCyclic[component] ? new Array<number>(1 + ((members.length + 15) >> 4)).fill(0) : [];
  });
  const memo = new Map<string, Tally>();
  const outsideCycles: (Tally | undefined)[] = [];
  let mark = 0;
  const spend = (steps: number) => meter.spend(steps);

  // The node and the questions of its component still reachable without passing an answered one.
  const regionKey = (node: number, component: number): string => {
    const parts = keyParts[component] ?? [];
    meter.spend(KEY_STEPS + parts.length);
    parts.fill(0);
    parts[0] = node;
    mark++;
    regionMark[node] = mark;
    stack[0] = node;
    for (let depth = 1; depth > 0; ) {
      const current = stack[--depth] ?? 0;
      const end = edgeStart[current + 1] ?? 0;
      meter.spend(1 + end - (edgeStart[current] ?? 0));
      for (let edge = edgeStart[current] ?? 0; edge < end; edge++) {
        const target = edgeTarget[edge] ?? -1;
        if (
          target < 0 ||
          answered[target] ||
          regionMark[target] === mark ||
          componentOf[target] !== component
        )
          continue;
        regionMark[target] = mark;
        const position = positionInComponent[target] ?? 0;
        const word = 1 + (position >> 4);
        parts[word] = (parts[word] ?? 0) | (1 << (position & 15));
        stack[depth++] = target;
      }
    }
    return String.fromCharCode(...parts);
  };

  const after = (target: number): Tally => {
    if (answered[target]) return QUIZ_END;
    answered[target] = 1;
    const tally = explore(target);
    answered[target] = 0;
    return tally;
  };

  const explore = (node: number): Tally => {
    meter.spend(1);
    const component = componentOf[node] ?? 0;
    // Outside cycles the future does not depend on the answered questions (they all lie upstream).
    if (!componentCyclic[component]) {
      const known = outsideCycles[node];
      if (known) return known;
      const tally = tallyAnswers(flow, node, after, spend);
      outsideCycles[node] = tally;
      return tally;
    }
    const key = regionKey(node, component);
    const known = memo.get(key);
    if (known) return known;
    const tally = tallyAnswers(flow, node, after, spend);
    memo.set(key, tally);
    return tally;
  };

  answered[0] = 1;
  return explore(0);
}

/**
 * Never below the most points a path can collect, and linear in the answers: the longest path over the
 * components. A path through a cyclic component answers some of its questions, each with at most its best
 * answer, and then ends there or leaves by one answer, which then counts instead of its question's best.
 */
function upperBound(flow: CompactFlow, meter: WorkMeter): number {
  const { edgeStart, edgeTarget, edgeTop, componentOf } = flow;
  const bestAnswer = new Int32Array(flow.size);
  const bound: number[] = [];
  flow.componentMembers.forEach((members, component) => {
    let everyBest = 0;
    for (const node of members) {
      const end = edgeStart[node + 1] ?? 0;
      meter.count(end - (edgeStart[node] ?? 0));
      for (let edge = edgeStart[node] ?? 0; edge < end; edge++)
        bestAnswer[node] = Math.max(bestAnswer[node] ?? 0, edgeTop[edge] ?? 0);
      everyBest += bestAnswer[node] ?? 0;
    }
    let most = flow.componentCyclic[component] ? everyBest : 0;
    for (const node of members) {
      const end = edgeStart[node + 1] ?? 0;
      meter.count(end - (edgeStart[node] ?? 0));
      for (let edge = edgeStart[node] ?? 0; edge < end; edge++) {
        const target = edgeTarget[edge] ?? -1;
        const next = target < 0 ? -1 : (componentOf[target] ?? -1);
        if (next === component) continue;
        const beyond = next < 0 ? 0 : (bound[next] ?? 0);
        most = Math.max(most, everyBest - (bestAnswer[node] ?? 0) + (edgeTop[edge] ?? 0) + beyond);
      }
    }
    bound[component] = most;
  });
  return bound[componentOf[0] ?? 0] ?? 0;
}

function listBits(bits: bigint): number[] {
  const scores: number[] = [];
  const text = bits.toString(2);
  for (let bit = 0; bit < text.length; bit++) if (text[text.length - 1 - bit] === '1') scores.push(bit);
  return scores;
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

/**
 * Fills the quiz-wide shortcodes ([[score]], [[maxScore]], [[percent]]); category ones stay as typed (see
 * `fillShortcodes` for a result with categories).
 */
export function substituteScore(text: string, score: number, maxScore: number): string {
  return fillShortcodes(text, { score, maxScore, percent: percentOf(score, maxScore), categories: [] });
}
