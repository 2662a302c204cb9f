import type { Answer, FlowRule, Question } from '@quizbeam/contracts/quiz';
import { type FlowIndex, resolveNext } from './flow';
import { isAcceptedValue, questionKind, selectionBounds, valueBounds } from './questionTypes';

/**
 * One way out of a question: an answer, or for other types a virtual exit (answerId null) standing for the
 * responses that collect `points` and lead to `to` (the next question id, or null for the end of the quiz).
 */
export type QuestionExit = {
  answerId: number | null;
  points: number;
  /** A multi-select exit stands for every total from `points` to `top` (consecutive totals to one place). */
  top?: number;
  outcome: number | null;
  to: number | null;
};

/** The most points an exit stands for. */
export const exitTop = (exit: QuestionExit): number => exit.top ?? exit.points;

const ownRule = (item: { next: FlowRule }) => (item.next.behaviour === 'follow_question' ? null : item);

/**
 * Every way out of the question for the flow graph and the score analysis. A choice question exits by each
 * answer (or, with none yet, by one 0-point exit following the question's rule, so the analysis works while a
 * quiz is being written); a multi-select one by each total its allowed choices can add up to, per place they
 * lead; a value question by each range and, when some value lies in no range, a 0-point exit; a text question
 * by one 0-point exit.
 */
export function questionExits(index: FlowIndex, question: Question): QuestionExit[] {
  const to = (rule: { next: FlowRule } | null): number | null => {
    const step = resolveNext(index, question, rule);
    return step.kind === 'question' ? step.questionId : null;
  };
  const plain: QuestionExit = { answerId: null, points: 0, outcome: null, to: to(null) };
  const kind = questionKind(question.type);
  if (question.answers.length === 0 && (kind === 'choice' || kind === 'multi')) return [plain];
  if (kind === 'choice') {
    return question.answers.map((answer) => ({
      answerId: answer.id,
      points: answer.points,
      outcome: answer.outcome,
      to: to(answer),
    }));
  }
  if (kind === 'multi') {
    return [...multiSelectTotals(question, (rule) => to(rule))].flatMap(([target, runs]) =>
      runs.map(([points, top]) => ({ answerId: null, points, top, outcome: null, to: target })),
    );
  }
  if (kind === 'value') {
    const exits = (question.ranges ?? []).map((range) => ({
      answerId: null,
      points: range.points,
      outcome: range.outcome,
      to: to(ownRule(range)),
    }));
    return hasUncoveredValue(question) ? [...exits, plain] : exits;
  }
  return [plain];
}

/**
 * The totals choices can add up to, by how many answers they choose (index 0..cap; bit n set: n points). A
 * choice never takes more than the cap, so counts above it are not kept.
 */
class ChoiceTotals {
  private readonly byCount: bigint[];
  constructor(cap: number) {
    this.byCount = new Array<bigint>(cap + 1).fill(0n);
    this.byCount[0] = 1n;
  }
  add(points: number): void {
    const shift = BigInt(points);
    for (let count = this.byCount.length - 2; count >= 0; count--) {
      const totals = this.byCount[count] ?? 0n;
      if (totals !== 0n) this.byCount[count + 1] = (this.byCount[count + 1] ?? 0n) | (totals << shift);
    }
  }
  /** The totals of choosing between `from` and `to` answers. */
  between(from: number, to: number): bigint {
    let totals = 0n;
    for (let count = Math.max(0, from); count <= to && count < this.byCount.length; count++)
      totals |= this.byCount[count] ?? 0n;
    return totals;
  }
}

/** The answer deciding where a choice goes (null: the question's rule) and the totals of those choices. */
type DecidedTotals = { decider: Answer | null; totals: bigint };

/**
 * Per question object (documents are immutable: an edit makes a new question), so the editor, which analyses
 * the quiz after every change, only works out again the question that changed.
 */
const decidedTotalsCache = new WeakMap<Question, DecidedTotals[]>();

/**
 * A multi-select question's totals per deciding answer. The first chosen answer with a rule of its own
 * decides (see `responseEffect`), so answer i decides for the choices holding it and no ruled answer listed
 * before it: its points plus any of the unruled answers and of the ruled ones after it.
 */
function decidedTotals(question: Question): DecidedTotals[] {
  const cached = decidedTotalsCache.get(question);
  if (cached) return cached;
  const { min, max } = selectionBounds(question);
  const lowest = Math.max(1, min);
  const totals = new ChoiceTotals(max);
  for (const answer of question.answers) if (!ownRule(answer)) totals.add(answer.points);
  const decided: DecidedTotals[] = [{ decider: null, totals: totals.between(lowest, max) }];
  for (let position = question.answers.length - 1; position >= 0; position--) {
    const answer = question.answers[position];
    if (!answer || !ownRule(answer)) continue;
    decided.push({ decider: answer, totals: totals.between(lowest - 1, max - 1) << BigInt(answer.points) });
    totals.add(answer.points);
  }
  decidedTotalsCache.set(question, decided);
  return decided;
}

/** A multi-select question's totals per place they lead, as runs of consecutive totals [from, to]. */
function multiSelectTotals(
  question: Question,
  target: (rule: { next: FlowRule } | null) => number | null,
): Map<number | null, [number, number][]> {
  const bits = new Map<number | null, bigint>();
  for (const { decider, totals } of decidedTotals(question)) {
    const to = target(decider);
    bits.set(to, (bits.get(to) ?? 0n) | totals);
  }
  const runs = new Map<number | null, [number, number][]>();
  for (const [to, set] of bits) {
    const list: [number, number][] = [];
    const text = set.toString(2);
    for (let bit = 0; bit < text.length; bit++) {
      if (text[text.length - 1 - bit] !== '1') continue;
      const from = bit;
      while (text[text.length - 2 - bit] === '1') bit++;
      list.push([from, bit]);
    }
    if (list.length > 0) runs.set(to, list);
  }
  return runs;
}

/** The most values a coverage check walks one by one; beyond it ranges are checked as a continuous line. */
const MAX_VALUES_WALKED = 10_000;

/** Whether some value the question accepts lies in none of its ranges. */
export function hasUncoveredValue(question: Question): boolean {
  const ranges = question.ranges ?? [];
  const { min, max } = valueBounds(question);
  const step = question.type === 'rating' ? 1 : (question.number?.step ?? 1);
  const count = Math.floor((max - min) / step) + 1;
  if (count <= MAX_VALUES_WALKED) {
    for (let at = 0; at < count; at++) {
      const value = Number((min + at * step).toFixed(10));
      if (
        isAcceptedValue(question, value) &&
        !ranges.some((range) => range.from <= value && value <= range.to)
      )
        return true;
    }
    return false;
  }
  let reached = min;
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    if (range.from > reached + step) return true;
    reached = Math.max(reached, range.to);
  }
  return reached < max;
}
