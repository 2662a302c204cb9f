import { stronglyConnectedComponents } from '@quizbeam/quiz-engine/flowGraph';
import type { PublishedQuizView } from './playerData';
import { text } from './visitorText';

export interface Progress {
  step: number;
  total: number;
}

type Successors = Map<number, number[]>;

function successorsOf(quiz: PublishedQuizView): Successors {
  const successors: Successors = new Map();
  for (const question of quiz.questions) successors.set(question.id, question.leadsTo);
  return successors;
}

/**
 * The most questions a path can still show from `from` (itself included) without answering a question of
 * `answered` again. Over the flow's strongly connected components, each counting all its questions: exact
 * for flows without cycles, an upper bound within a cycle (a path may leave some of its questions out).
 */
function longestPathFrom(successors: Successors, from: number, answered: ReadonlySet<number>): number {
  const open = (id: number) => !answered.has(id) && successors.has(id);
  const openSuccessors = new Map<number, number[]>();
  const stack = [from];
  while (stack.length > 0) {
    const node = stack.pop() ?? from;
    if (openSuccessors.has(node)) continue;
    const next = (successors.get(node) ?? []).filter(open);
    openSuccessors.set(node, next);
    stack.push(...next);
  }
  const nextOf = (node: number) => openSuccessors.get(node) ?? [];
  // Components come after every component they lead to, so those are measured first.
  const components = stronglyConnectedComponents([...openSuccessors.keys()], nextOf);
  const componentOf = new Map<number, number>();
  const longest: number[] = [];
  components.forEach((component, index) => {
    for (const node of component.nodes) componentOf.set(node, index);
    let after = 0;
    for (const node of component.nodes) {
      for (const next of nextOf(node)) {
        const target = componentOf.get(next);
        if (target !== undefined && target !== index) after = Math.max(after, longest[target] ?? 0);
      }
    }
    longest[index] = component.nodes.length + after;
  });
  return longest[componentOf.get(from) ?? -1] ?? 1;
}

/**
 * Where the visitor is: the current question's step on their own path, out of the longest path the flow
 * still allows. The total never goes below one already shown on this path (a branch that skips questions
 * keeps it), so it only ever grows while the visitor moves forward.
 */
export function questionProgress(
  quiz: PublishedQuizView,
  answeredQuestionIds: readonly number[],
  currentId: number,
): Progress {
  const successors = successorsOf(quiz);
  const path = [...answeredQuestionIds, currentId];
  let total = 0;
  path.forEach((questionId, index) => {
    const before = new Set(path.slice(0, index));
    total = Math.max(total, index + longestPathFrom(successors, questionId, before));
  });
  return { step: path.length, total };
}

/** How full the bar is: the questions answered so far, so it fills only once the last one is answered. */
export const progressPercent = ({ step, total }: Progress): number =>
  Math.round(((step - 1) / Math.max(total, 1)) * 100);

export const progressLabel = ({ step, total }: Progress): string => text('progress', { step, total });
