import { MAX_QUESTION_POINTS } from '@quizbeam/contracts/quizConstants';
import { type FlowGraph, stronglyConnectedComponents } from './flowGraph';
import { exitTop } from './questionExits';

/**
 * The flow graph restricted to the questions reachable from the first, numbered 0..size-1 (0 is the first
 * question), with answers that lead to the same place for the same points merged.
 */
export type CompactFlow = {
  size: number;
  /** Node n's answers are the indices edgeStart[n] up to (not including) edgeStart[n + 1]. */
  edgeStart: Int32Array;
  /** The next node, or -1 for the end of the quiz. */
  edgeTarget: Int32Array;
  /** An edge stands for every total from edgePoints to edgeTop (a run of consecutive totals to one place). */
  edgePoints: Int32Array;
  edgeTop: Int32Array;
  /** Strongly connected components, numbered so that a component only leads to lower-numbered ones. */
  componentOf: Int32Array;
  componentMembers: number[][];
  componentCyclic: boolean[];
  hasCycle: boolean;
};

export function compactFlow(graph: FlowGraph, meter: { count(steps: number): void }): CompactFlow | null {
  if (graph.first === null) return null;
  const nodeOf = new Map<number, number>([[graph.first, 0]]);
  const questionIds = [graph.first];
  const edgeStart = [0];
  const edgeTarget: number[] = [];
  const edgePoints: number[] = [];
  const edgeTop: number[] = [];
  const totalsByTarget = new Map<number, Uint8Array>();
  for (let node = 0; node < questionIds.length; node++) {
    totalsByTarget.clear();
    const flowEdges = graph.edges.get(questionIds[node] ?? -1) ?? [];
    meter.count(flowEdges.length);
    for (const edge of flowEdges) {
      let target = -1;
      if (edge.to !== null) {
        target = nodeOf.get(edge.to) ?? questionIds.length;
        if (target === questionIds.length) {
          nodeOf.set(edge.to, target);
          questionIds.push(edge.to);
        }
      }
      // A question gives whole numbers 0..MAX_QUESTION_POINTS.
      let totals = totalsByTarget.get(target);
      if (!totals) {
        totals = new Uint8Array(MAX_QUESTION_POINTS + 1);
        totalsByTarget.set(target, totals);
      }
      totals.fill(1, edge.points, exitTop(edge) + 1);
    }
    // Multi-select questions lead one place by hundreds of totals, mostly consecutive: one edge per run.
    for (const [target, totals] of totalsByTarget) {
      meter.count(totals.length >> 6);
      for (let points = 0; points < totals.length; points++) {
        if (!totals[points]) continue;
        let top = points;
        while (totals[top + 1]) top++;
        edgeTarget.push(target);
        edgePoints.push(points);
        edgeTop.push(top);
        points = top;
      }
    }
    edgeStart.push(edgeTarget.length);
  }
  const size = questionIds.length;
  const successors: number[][] = Array.from({ length: size }, () => []);
  for (let node = 0; node < size; node++) {
    for (let edge = edgeStart[node] ?? 0; edge < (edgeStart[node + 1] ?? 0); edge++) {
      const target = edgeTarget[edge] ?? -1;
      if (target >= 0) successors[node]?.push(target);
    }
  }
  const nodes = Array.from({ length: size }, (_, node) => node);
  // Tarjan examines each edge once, and a lone node's edges again for a self-loop.
  meter.count(3 * edgeTarget.length);
  const components = stronglyConnectedComponents(nodes, (node) => successors[node] ?? []);
  const componentOf = new Int32Array(size);
  components.forEach((component, index) => {
    for (const node of component.nodes) componentOf[node] = index;
  });
  return {
    size,
    edgeStart: Int32Array.from(edgeStart),
    edgeTarget: Int32Array.from(edgeTarget),
    edgePoints: Int32Array.from(edgePoints),
    edgeTop: Int32Array.from(edgeTop),
    componentOf,
    componentMembers: components.map((component) => component.nodes),
    componentCyclic: components.map((component) => component.cyclic),
    hasCycle: components.some((component) => component.cyclic),
  };
}
