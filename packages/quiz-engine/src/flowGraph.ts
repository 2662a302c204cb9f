import type { Quiz } from '@quizbeam/contracts/quiz';
import { flowIndex } from './flow';
import { type QuestionExit, questionExits } from './questionExits';

/** One way out of a question (see `questionExits`). */
export type FlowEdge = QuestionExit;

export type FlowGraph = { first: number | null; order: number[]; edges: Map<number, FlowEdge[]> };

/** The static flow graph: questions by rank and where each way out of them leads (see `questionExits`). */
export function buildFlowGraph(quiz: Quiz): FlowGraph {
  const known = graphs.get(quiz);
  if (known) return known;
  const index = flowIndex(quiz);
  const edges = new Map<number, FlowEdge[]>();
  for (const question of quiz.questions) edges.set(question.id, questionExits(index, question));
  const graph = { first: index.order[0] ?? null, order: index.order, edges };
  graphs.set(quiz, graph);
  return graph;
}

/**
 * The graph of a quiz object: documents are immutable, and one edit's checks (the score analysis, the
 * warnings, the publish list) each ask for it. Callers never change what they get.
 */
const graphs = new WeakMap<Quiz, FlowGraph>();

function reachableFrom(start: number | null, successors: (node: number) => Iterable<number>): Set<number> {
  const seen = new Set<number>();
  if (start === null) return seen;
  const stack = [start];
  seen.add(start);
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const next of successors(node)) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

const targets = (edges: readonly FlowEdge[] | undefined): number[] =>
  (edges ?? []).flatMap((edge) => (edge.to === null ? [] : [edge.to]));

/**
 * The questions some path reaches from the first question. (A path never answers a question twice, but
 * any question reachable in the graph is reachable by a path that does not repeat one.)
 */
export function reachableQuestionIds(quiz: Quiz): Set<number> {
  const graph = buildFlowGraph(quiz);
  return reachableFrom(graph.first, (node) => targets(graph.edges.get(node)));
}

/**
 * Tarjan's strongly connected components, in reverse topological order: a component comes after every
 * component it leads to. `cyclic` is true when the component holds a cycle (several nodes or a self-loop).
 */
export function stronglyConnectedComponents(
  nodes: readonly number[],
  successors: (node: number) => readonly number[],
): { nodes: number[]; cyclic: boolean }[] {
  const indexOf = new Map<number, number>();
  const lowLink = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: { nodes: number[]; cyclic: boolean }[] = [];
  let counter = 0;
  const visit = (node: number): void => {
    indexOf.set(node, counter);
    lowLink.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of successors(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (lowLink.get(node) === indexOf.get(node)) {
      const component: number[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      const cyclic = component.length > 1 || successors(node).includes(node);
      components.push({ nodes: component, cyclic });
    }
  };
  for (const node of nodes) if (!indexOf.has(node)) visit(node);
  return components;
}

/**
 * General quizzes: the answers without an outcome (or linked to a missing one) on which a respondent can
 * finish the quiz without ever choosing an answer that links an outcome.
 *
 * Only answers without an outcome are followed, from the first question. A walk finishes when an answer
 * leads to the end, or when it comes back to a question it already answered (which ends the quiz); the
 * latter happens exactly when the walk can enter a cycle. So an answer is reported when it leads to the
 * end, or to a question from which such an answer or such a cycle can be reached, within the walk.
 */
export function outcomelessFinishAnswerIds(quiz: Quiz): Set<number> {
  const graph = buildFlowGraph(quiz);
  const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
  const unlinkedEdges = new Map<number, FlowEdge[]>();
  for (const [questionId, edges] of graph.edges) {
    unlinkedEdges.set(
      questionId,
      edges.filter(
        (edge) => edge.answerId !== null && (edge.outcome === null || !outcomeIds.has(edge.outcome)),
      ),
    );
  }
  const successors = (node: number) => targets(unlinkedEdges.get(node));
  const walk = reachableFrom(graph.first, successors);
  const nodes = [...walk];
  const seeds = new Set<number>();
  for (const component of stronglyConnectedComponents(nodes, successors)) {
    if (component.cyclic) for (const node of component.nodes) seeds.add(node);
  }
  for (const node of nodes) {
    if ((unlinkedEdges.get(node) ?? []).some((edge) => edge.to === null)) seeds.add(node);
  }
  const predecessors = new Map<number, number[]>();
  for (const node of nodes) {
    for (const next of successors(node)) predecessors.set(next, [...(predecessors.get(next) ?? []), node]);
  }
  const canFinish = new Set(seeds);
  const stack = [...seeds];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const previous of predecessors.get(node) ?? []) {
      if (!canFinish.has(previous)) {
        canFinish.add(previous);
        stack.push(previous);
      }
    }
  }
  const flagged = new Set<number>();
  for (const node of nodes) {
    for (const edge of unlinkedEdges.get(node) ?? []) {
      if (edge.answerId !== null && (edge.to === null || canFinish.has(edge.to))) flagged.add(edge.answerId);
    }
  }
  return flagged;
}
