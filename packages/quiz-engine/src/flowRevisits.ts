import type { Answer, Question, Quiz } from '@quizbeam/contracts/quiz';
import { flowIndex, resolveNext } from './flow';
import { buildFlowGraph, type FlowEdge } from './flowGraph';
import { sortByRank } from './ranks';

/**
 * A way out of a question that always leads to a question the visitor has already answered, so the quiz
 * ends there instead. `answer` is the answer whose own rule says so, or null when it is the question's
 * rule (used by its answers that follow the question, or by a question without answers yet).
 */
export type Revisit = {
  question: Question;
  answer: Answer | null;
  /** The question the rule leads to. */
  target: Question;
};

/**
 * Where each question sits in the dominator tree of the flow graph (reachable questions only), as the
 * interval of its descendants in a depth-first numbering: a question dominates another (every path from
 * the first question to the other passes through it, itself included) exactly when its interval holds the
 * other's. Immediate dominators by Cooper, Harvey and Kennedy's iterative algorithm.
 */
function dominatorIntervals(
  first: number,
  successors: (node: number) => number[],
): Map<number, { enter: number; leave: number }> {
  const postorder: number[] = [];
  const seen = new Set<number>([first]);
  const stack: { node: number; next: number }[] = [{ node: first, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: number; next: number };
    const following = successors(top.node)[top.next++];
    if (following === undefined) {
      stack.pop();
      postorder.push(top.node);
    } else if (!seen.has(following)) {
      seen.add(following);
      stack.push({ node: following, next: 0 });
    }
  }
  const postNumber = new Map(postorder.map((node, index) => [node, index]));
  const predecessors = new Map<number, number[]>();
  for (const node of postorder) {
    for (const following of successors(node)) {
      predecessors.set(following, [...(predecessors.get(following) ?? []), node]);
    }
  }
  const idom = new Map<number, number>([[first, first]]);
  const post = (node: number) => postNumber.get(node) ?? 0;
  const intersect = (left: number, right: number) => {
    let a = left;
    let b = right;
    while (a !== b) {
      while (post(a) < post(b)) a = idom.get(a) ?? first;
      while (post(b) < post(a)) b = idom.get(b) ?? first;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let index = postorder.length - 2; index >= 0; index--) {
      const node = postorder[index] as number;
      let candidate: number | undefined;
      for (const previous of predecessors.get(node) ?? []) {
        if (!idom.has(previous)) continue;
        candidate = candidate === undefined ? previous : intersect(previous, candidate);
      }
      if (candidate !== undefined && idom.get(node) !== candidate) {
        idom.set(node, candidate);
        changed = true;
      }
    }
  }
  const children = new Map<number, number[]>();
  for (const [node, parent] of idom) {
    if (node !== parent) children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const intervals = new Map<number, { enter: number; leave: number }>();
  let clock = 0;
  const walk: { node: number; next: number }[] = [{ node: first, next: 0 }];
  intervals.set(first, { enter: clock++, leave: 0 });
  while (walk.length > 0) {
    const top = walk[walk.length - 1] as { node: number; next: number };
    const child = (children.get(top.node) ?? [])[top.next++];
    if (child === undefined) {
      walk.pop();
      const interval = intervals.get(top.node);
      if (interval) interval.leave = clock++;
    } else {
      intervals.set(child, { enter: clock++, leave: 0 });
      walk.push({ node: child, next: 0 });
    }
  }
  return intervals;
}

const targetsOf = (edges: readonly FlowEdge[] | undefined): number[] =>
  (edges ?? []).flatMap((edge) => (edge.to === null ? [] : [edge.to]));

/**
 * The rules, on questions a visitor can reach, that always lead back to a question already answered: the
 * target lies on every path from the first question to the rule's question (or is that question). A path
 * never answers a question twice, so such a step ends the quiz (see `nextStep`). A jump back that only
 * some paths have already passed is a real choice of the flow and is not reported. In rank order; on each
 * question its answers' own rules first, then the question's rule when some answer (or the lack of one)
 * follows it.
 */
export function revisitsThatEndTheQuiz(quiz: Quiz): Revisit[] {
  const graph = buildFlowGraph(quiz);
  if (graph.first === null) return [];
  // A multi-select question has hundreds of exits to a few places: each place once.
  const successors = new Map([...graph.edges].map(([node, edges]) => [node, [...new Set(targetsOf(edges))]]));
  const intervals = dominatorIntervals(graph.first, (node) => successors.get(node) ?? []);
  const alwaysAnsweredBefore = (target: number, questionId: number) => {
    const outer = intervals.get(target);
    const inner = intervals.get(questionId);
    return (
      outer !== undefined && inner !== undefined && outer.enter <= inner.enter && inner.leave <= outer.leave
    );
  };
  const index = flowIndex(quiz);
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const revisits: Revisit[] = [];
  for (const question of sortByRank(quiz.questions)) {
    if (!intervals.has(question.id)) continue;
    const revisitOf = (answer: Answer | null) => {
      const step = resolveNext(index, question, answer);
      if (step.kind !== 'question' || !alwaysAnsweredBefore(step.questionId, question.id)) return;
      const target = byId.get(step.questionId);
      if (target) revisits.push({ question, answer, target });
    };
    for (const answer of question.answers) {
      if (answer.next.behaviour !== 'follow_question') revisitOf(answer);
    }
    const followsQuestion =
      question.answers.length === 0 ||
      question.answers.some((answer) => answer.next.behaviour === 'follow_question');
    if (followsQuestion) revisitOf(null);
  }
  return revisits;
}
