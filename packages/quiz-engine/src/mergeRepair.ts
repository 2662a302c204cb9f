import type { FlowRule, Quiz } from '@quizbeam/contracts/quiz';
import { removeOutcomeLinks } from './answers';
import { resetRule } from './flowRules';
import { leadFieldKeyFor, setLeadFormPlacement } from './leadCapture';
import { renumber } from './ranks';

/*
 * A merged quiz holds each side's changes, but one side's change may point at what the other side removed
 * (an answer jumping to a question deleted in the other tab). These steps do what removing that item in the
 * editor does, so the merged quiz is one the schema takes. The same steps tell the merge which differences
 * are a side's clean-ups rather than its edits.
 */

/** The questions, outcomes and categories that references may point at. */
interface Targets {
  questionIds: ReadonlySet<number>;
  outcomeIds: ReadonlySet<number>;
  categoryIds: ReadonlySet<number>;
}

const targetsOf = (quiz: Quiz): Targets => ({
  questionIds: new Set(quiz.questions.map((question) => question.id)),
  outcomeIds: new Set(quiz.outcomes.map((outcome) => outcome.id)),
  categoryIds: new Set((quiz.categories ?? []).map((category) => category.id)),
});

const jumpsToMissing = (rule: FlowRule, questionIds: ReadonlySet<number>) =>
  rule.behaviour === 'specific_question' && (rule.target === null || !questionIds.has(rule.target));

/** Every rule jumping to a question not in `questionIds` goes back to its default, as `removeQuestion` does. */
function withDanglingJumpsReset(quiz: Quiz, questionIds: ReadonlySet<number>): Quiz {
  const fixed = <Item extends { next: FlowRule }>(item: Item): Item =>
    jumpsToMissing(item.next, questionIds) ? { ...item, next: resetRule(item.next) } : item;
  const needsFix = <Item extends { next: FlowRule }>(items: readonly Item[] | undefined) =>
    items?.some((item) => jumpsToMissing(item.next, questionIds)) ?? false;
  let changed = false;
  const questions = quiz.questions.map((question) => {
    if (
      !jumpsToMissing(question.next, questionIds) &&
      !needsFix(question.answers) &&
      !needsFix(question.ranges)
    )
      return question;
    changed = true;
    return {
      ...fixed(question),
      answers: question.answers.map(fixed),
      ...(question.ranges && { ranges: question.ranges.map(fixed) }),
    };
  });
  return changed ? { ...quiz, questions } : quiz;
}

/** Links to outcomes not in `outcomeIds` are removed, as `removeOutcome` does. */
function withDanglingOutcomeLinksRemoved(quiz: Quiz, outcomeIds: ReadonlySet<number>): Quiz {
  const missing = new Set<number>();
  for (const question of quiz.questions) {
    for (const item of [...question.answers, ...(question.ranges ?? [])]) {
      for (const outcomeId of [item.outcome, ...(item.extraOutcomes ?? []).map((link) => link.outcome)]) {
        if (outcomeId !== null && !outcomeIds.has(outcomeId)) missing.add(outcomeId);
      }
    }
  }
  let repaired = quiz;
  for (const outcomeId of missing) repaired = removeOutcomeLinks(repaired, outcomeId);
  return repaired;
}

/** Questions in a category not in `categoryIds` are left in none, as `removeCategory` does. */
function withDanglingCategoriesCleared(quiz: Quiz, categoryIds: ReadonlySet<number>): Quiz {
  const lost = (category: number | null | undefined) => category != null && !categoryIds.has(category);
  if (!quiz.questions.some((question) => lost(question.category))) return quiz;
  return {
    ...quiz,
    questions: quiz.questions.map((question) =>
      lost(question.category) ? { ...question, category: null } : question,
    ),
  };
}

/** A form placed after a question not in `questionIds` goes back before the results, as `removeQuestion` does. */
function withPlacementChecked(quiz: Quiz, questionIds: ReadonlySet<number>): Quiz {
  const placement = quiz.leadCaptureSettings.placement;
  if (placement?.at !== 'after_question' || questionIds.has(placement.questionId)) return quiz;
  return setLeadFormPlacement(quiz, { at: 'before_results' });
}

/**
 * The quiz with every reference to a question, outcome or category that `survivor` does not have cleared, as
 * removing those items in the editor clears them (the items themselves stay).
 */
export function withReferencesClearedTo(quiz: Quiz, survivor: Quiz): Quiz {
  const { questionIds, outcomeIds, categoryIds } = targetsOf(survivor);
  return withPlacementChecked(
    withDanglingCategoriesCleared(
      withDanglingOutcomeLinksRemoved(withDanglingJumpsReset(quiz, questionIds), outcomeIds),
      categoryIds,
    ),
    questionIds,
  );
}

/** Two fields added with the same key, one on each side: the later one gets the key's next free number. */
function withDistinctLeadFieldKeys(quiz: Quiz): Quiz {
  const fields = quiz.leadCaptureSettings.fields;
  if (!fields || new Set(fields.map((field) => field.key)).size === fields.length) return quiz;
  const taken = new Set<string>();
  const distinct = fields.map((field) => {
    const key = taken.has(field.key) ? leadFieldKeyFor(field.key, field.kind, taken) : field.key;
    taken.add(key);
    return key === field.key ? field : { ...field, key };
  });
  return { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, fields: distinct } };
}

/** The merged quiz made consistent: ranks 1..n in list order, no reference to an item it does not have. */
export function repairMergedQuiz(quiz: Quiz): Quiz {
  const renumbered = { ...quiz, questions: renumber(quiz.questions), outcomes: renumber(quiz.outcomes) };
  return withDistinctLeadFieldKeys(withReferencesClearedTo(renumbered, renumbered));
}
