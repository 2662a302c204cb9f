import type { Answer, Outcome, Question, Quiz } from '@quizbeam/contracts/quiz';
import { outcomelessFinishAnswerIds, reachableQuestionIds } from './flowGraph';
import { type Revisit, revisitsThatEndTheQuiz } from './flowRevisits';
import { percentOf } from './percent';
import { hasUncoveredValue } from './questionExits';
import { hasImageAnswers, outcomeLinks, questionKind, valueBounds } from './questionTypes';
import { sortByRank } from './ranks';
import { analyseScores } from './scoring';
import { shortcodeCategoryNames } from './shortcodes';

export type QuizWarning = {
  kind:
    | 'max_score_estimated'
    | 'unreachable_outcome'
    | 'unreachable_question'
    | 'revisit_ends_quiz'
    | 'score_overlap'
    | 'score_gap'
    | 'range_gap'
    | 'range_overlap'
    | 'unknown_category';
  targetKind: 'quiz' | 'question' | 'outcome';
  id: number;
  message: string;
};

type Interval = { outcome: Outcome; from: number; to: number };

const number = (value: number) => value.toLocaleString('en-US');
/** "a score of 3" or "scores 2 to 5". */
const scores = (from: number, to: number) =>
  from === to ? `a score of ${number(from)}` : `scores ${number(from)} to ${number(to)}`;
/** "exactly 3" or "between 2 and 5", after "score". */
const scoring = (from: number, to: number) =>
  from === to ? `exactly ${number(from)}` : `between ${number(from)} and ${number(to)}`;

const NEVER_TWICE = 'the quiz ends there instead, since a visitor never answers a question twice.';

/** What the rule says, where it leads, and that the quiz ends there. */
function revisitMessage({ question, answer, target }: Revisit): string {
  if (answer) {
    const nameOf = (each: Answer) => (hasImageAnswers(question.type) ? each.imageCaption : each.text).trim();
    const name = nameOf(answer);
    // By its text when that tells it apart, else by its number as its card shows it.
    const isUnique = name !== '' && question.answers.filter((each) => nameOf(each) === name).length === 1;
    const label = isUnique ? `Answer "${name}"` : `Answer ${question.answers.indexOf(answer) + 1}`;
    return `${label} of question ${question.rank} goes back to question ${target.rank}; ${NEVER_TWICE}`;
  }
  if (question.next.behaviour === 'specific_question') {
    return `After question ${question.rank} the quiz goes back to question ${target.rank}; ${NEVER_TWICE}`;
  }
  return `After question ${question.rank} comes question ${target.rank} in the list, which a visitor has already answered by then; ${NEVER_TWICE}`;
}

/**
 * Advice that does not block publishing, in this order:
 * - max_score_estimated, scored quiz: the flow is too tangled to work out the maximum score exactly, so
 *   [[maxScore]] shows an upper bound (on the quiz, id 0);
 * - unreachable_question: no path from the first question reaches it;
 * - revisit_ends_quiz: an answer's rule, or the question's, leads to a question every visitor there has
 *   already answered, so the quiz ends instead (on the question, in rank order);
 * - unreachable_outcome, general quiz: no answer of a reachable question links it (the first outcome by
 *   rank is also reachable as the fallback when a respondent can finish without choosing a linked answer);
 * - unreachable_outcome, scored quiz: no achievable score lies in its interval (when the flow is too
 *   tangled to list achievable scores, when its interval starts above the maximum score);
 * - score_overlap: an outcome's interval overlaps one ranked before it (the earlier one wins there); one
 *   warning per pair, on the later outcome;
 * - score_gap: achievable scores in 0..maxScore that no interval covers, grouped into runs; reported on
 *   the outcome just below the gap (or just above it when the gap starts at 0).
 * - range_gap, range_overlap: a rating or number question whose ranges leave values uncovered (they give 0
 *   points and follow the question's rule) or overlap (the first range applies), on the question;
 * - unknown_category, scored quiz: an outcome's shortcode names no category of the quiz.
 * Only outcomes with both interval ends set take part in the score checks (the others are incomplete). A
 * quiz choosing outcomes by percentage checks the intervals against the percentages a visitor can reach.
 */
export function quizWarnings(quiz: Quiz): QuizWarning[] {
  const warnings: QuizWarning[] = [];
  const analysis = quiz.type === 'scored' ? analyseScores(quiz) : null;
  if (analysis && !analysis.exact) {
    warnings.push({
      kind: 'max_score_estimated',
      targetKind: 'quiz',
      id: 0,
      message: `The most points a visitor can collect can’t be worked out exactly for this flow, because its answers jump back to earlier questions in too many ways. [[maxScore]] will show ${number(analysis.maxScore)}, which may be more than anyone can score.`,
    });
  }
  const reachable = reachableQuestionIds(quiz);
  const questions = sortByRank(quiz.questions);
  for (const question of questions) {
    if (!reachable.has(question.id)) {
      warnings.push({
        kind: 'unreachable_question',
        targetKind: 'question',
        id: question.id,
        message: `Question ${question.rank} can’t be reached from the first question.`,
      });
    }
  }
  warnings.push(...rangeWarnings(questions));
  for (const revisit of revisitsThatEndTheQuiz(quiz)) {
    warnings.push({
      kind: 'revisit_ends_quiz',
      targetKind: 'question',
      id: revisit.question.id,
      message: revisitMessage(revisit),
    });
  }
  const outcomes = sortByRank(quiz.outcomes);
  if (quiz.type === 'general') {
    const linked = new Set<number>();
    for (const question of questions) {
      if (!reachable.has(question.id)) continue;
      const kind = questionKind(question.type);
      const linking = kind === 'value' ? (question.ranges ?? []) : kind === 'text' ? [] : question.answers;
      for (const item of linking) for (const link of outcomeLinks(item)) linked.add(link.outcome);
    }
    const fallback = outcomes[0];
    if (fallback && questions.length > 0 && outcomelessFinishAnswerIds(quiz).size > 0)
      linked.add(fallback.id);
    for (const outcome of outcomes) {
      if (!linked.has(outcome.id)) {
        warnings.push({
          kind: 'unreachable_outcome',
          targetKind: 'outcome',
          id: outcome.id,
          message: `No answer on a reachable question leads to Outcome ${outcome.rank}.`,
        });
      }
    }
    return warnings;
  }
  warnings.push(...categoryWarnings(quiz));
  const intervals: Interval[] = outcomes.flatMap((outcome) => {
    const { from, to } = outcome.scoreRange;
    return from !== null && to !== null && from <= to ? [{ outcome, from, to }] : [];
  });
  if (intervals.length === 0 || !analysis) return warnings;
  // By percentage, the intervals are percentages of the maximum: the checks below run on those.
  const byPercent = quiz.scoring?.outcomeBy === 'percent';
  const maxScore = byPercent ? 100 : analysis.maxScore;
  const exact = analysis.exact;
  const achievableScores =
    byPercent && analysis.achievableScores
      ? [...new Set(analysis.achievableScores.map((score) => percentOf(score, analysis.maxScore)))]
      : analysis.achievableScores;
  const highest = `the highest possible score is ${exact ? '' : 'at most '}${number(maxScore)}`;
  const achievable = achievableScores
    ? new Set(achievableScores)
    : new Set(Array.from({ length: maxScore + 1 }, (_, score) => score));
  for (const { outcome, from, to } of intervals) {
    let hit = false;
    for (let score = from; score <= Math.min(to, maxScore) && !hit; score++) hit = achievable.has(score);
    if (!hit) {
      warnings.push({
        kind: 'unreachable_outcome',
        targetKind: 'outcome',
        id: outcome.id,
        message: `No visitor can score ${scoring(from, to)}, so Outcome ${outcome.rank} can never be shown (${highest}).`,
      });
    }
  }
  intervals.forEach((later, laterIndex) => {
    for (const earlier of intervals.slice(0, laterIndex)) {
      const from = Math.max(earlier.from, later.from);
      const to = Math.min(earlier.to, later.to);
      if (from > to) continue;
      warnings.push({
        kind: 'score_overlap',
        targetKind: 'outcome',
        id: later.outcome.id,
        message: `Outcome ${later.outcome.rank} and Outcome ${earlier.outcome.rank} both cover ${scores(from, to)}; visitors who score ${scoring(from, to)} see Outcome ${earlier.outcome.rank}.`,
      });
    }
  });
  const covered = (score: number) => intervals.some(({ from, to }) => from <= score && score <= to);
  const gaps: { from: number; to: number }[] = [];
  let open: { from: number; to: number } | null = null;
  for (let score = 0; score <= maxScore; score++) {
    if (covered(score)) {
      open = null;
    } else if (achievable.has(score)) {
      if (open) open.to = score;
      else {
        open = { from: score, to: score };
        gaps.push(open);
      }
    }
  }
  for (const gap of gaps) {
    const below = intervals.filter(({ to }) => to < gap.from).sort((a, b) => b.to - a.to)[0];
    const above = intervals.filter(({ from }) => from > gap.to).sort((a, b) => a.from - b.from)[0];
    const target = below ?? above ?? intervals[0];
    if (!target) continue;
    warnings.push({
      kind: 'score_gap',
      targetKind: 'outcome',
      id: target.outcome.id,
      message: `No outcome covers ${scores(gap.from, gap.to)}, so visitors who score ${scoring(gap.from, gap.to)} get no outcome.`,
    });
  }
  return warnings;
}

/** Rating and number questions whose ranges leave values out or overlap (see `quizWarnings`). */
function rangeWarnings(questions: readonly Question[]): QuizWarning[] {
  const warnings: QuizWarning[] = [];
  for (const question of questions) {
    if (questionKind(question.type) !== 'value' || (question.ranges ?? []).length === 0) continue;
    if (hasUncoveredValue(question)) {
      const { min, max } = valueBounds(question);
      warnings.push({
        kind: 'range_gap',
        targetKind: 'question',
        id: question.id,
        message: `Some values of question ${question.rank} (${number(min)} to ${number(max)}) fall in no range; they give 0 points and follow the question’s next step.`,
      });
    }
    const ranges = question.ranges ?? [];
    ranges.forEach((later, laterIndex) => {
      ranges.slice(0, laterIndex).forEach((earlier, earlierIndex) => {
        const from = Math.max(earlier.from, later.from);
        const to = Math.min(earlier.to, later.to);
        if (from > to) return;
        warnings.push({
          kind: 'range_overlap',
          targetKind: 'question',
          id: question.id,
          message: `Ranges ${earlierIndex + 1} and ${laterIndex + 1} of question ${question.rank} both hold ${from === to ? number(from) : `${number(from)} to ${number(to)}`}; range ${earlierIndex + 1} applies there.`,
        });
      });
    });
  }
  return warnings;
}

/** Outcome shortcodes that name no category of the quiz. */
function categoryWarnings(quiz: Quiz): QuizWarning[] {
  const names = new Set((quiz.categories ?? []).map((category) => category.name.trim().toLowerCase()));
  return sortByRank(quiz.outcomes).flatMap((outcome) => {
    const unknown = [outcome.name, ...outcome.descriptions]
      .flatMap(shortcodeCategoryNames)
      .filter((name) => !names.has(name.toLowerCase()));
    return unknown.length === 0
      ? []
      : [
          {
            kind: 'unknown_category' as const,
            targetKind: 'outcome' as const,
            id: outcome.id,
            message: `Outcome ${outcome.rank} names a category this quiz doesn’t have: ${[...new Set(unknown)].join(', ')}.`,
          },
        ];
  });
}
