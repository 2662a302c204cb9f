import type { LeadFormField } from '@quizbeam/contracts/leadFormFields';
import type { FlowRule, OutcomeLink, Quiz } from '@quizbeam/contracts/quiz';

/*
 * Two versions edited from the same base hand out child ids from the same counter, so mine's new question 7
 * and theirs' new outcome 7 are different items with one id. Before merging, mine's new ids that theirs may
 * also have handed out move above both counters; theirs keeps its ids (the caller saves over theirs).
 */

const LEAD_FIELD_ID = /^f(\d+)$/;

const leadFieldNumber = (field: LeadFormField): number | null => {
  const match = LEAD_FIELD_ID.exec(field.id);
  return match ? Number(match[1]) : null;
};

/** Every child id the quiz holds: questions, answers, outcomes, categories and capture form fields. */
function childIdsOf(quiz: Quiz): number[] {
  return [
    ...quiz.questions.flatMap((question) => [question.id, ...question.answers.map((answer) => answer.id)]),
    ...quiz.outcomes.map((outcome) => outcome.id),
    ...(quiz.categories ?? []).map((category) => category.id),
    ...(quiz.leadCaptureSettings.fields ?? []).flatMap((field) => leadFieldNumber(field) ?? []),
  ];
}

/**
 * `mine` with each child id it handed out since `base` that `theirs` may have handed out too (from base's
 * counter up to theirs') given a new one from above both counters, and every reference to it (flow rules,
 * outcome links, categories, the capture form's placement) following. Nothing to move: `mine` itself.
 */
export function withAddedIdsMoved(base: Quiz, mine: Quiz, theirs: Quiz): Quiz {
  const mayClash = (id: number) => id >= base.nextId && id < theirs.nextId;
  const moved = new Map<number, number>();
  let nextId = Math.max(theirs.nextId, mine.nextId);
  for (const id of childIdsOf(mine)) {
    if (mayClash(id) && !moved.has(id)) moved.set(id, nextId++);
  }
  if (moved.size === 0) return mine;

  const renamed = (id: number) => moved.get(id) ?? id;
  const rule = (next: FlowRule): FlowRule =>
    next.target === null ? next : { ...next, target: renamed(next.target) };
  const links = (extra: OutcomeLink[] | undefined) =>
    extra?.map((link) => ({ ...link, outcome: renamed(link.outcome) }));
  const linked = <Item extends { outcome: number | null; extraOutcomes?: OutcomeLink[]; next: FlowRule }>(
    item: Item,
  ): Item => ({
    ...item,
    outcome: item.outcome === null ? null : renamed(item.outcome),
    ...(item.extraOutcomes && { extraOutcomes: links(item.extraOutcomes) }),
    next: rule(item.next),
  });
  const { fields, placement } = mine.leadCaptureSettings;

  return {
    ...mine,
    nextId,
    questions: mine.questions.map((question) => ({
      ...question,
      id: renamed(question.id),
      next: rule(question.next),
      answers: question.answers.map((answer) => ({ ...linked(answer), id: renamed(answer.id) })),
      ...(question.ranges && { ranges: question.ranges.map(linked) }),
      ...(question.category != null && { category: renamed(question.category) }),
    })),
    outcomes: mine.outcomes.map((outcome) => ({ ...outcome, id: renamed(outcome.id) })),
    ...(mine.categories && {
      categories: mine.categories.map((category) => ({ ...category, id: renamed(category.id) })),
    }),
    leadCaptureSettings: {
      ...mine.leadCaptureSettings,
      ...(fields && {
        fields: fields.map((field) => {
          const number = leadFieldNumber(field);
          return number === null ? field : { ...field, id: `f${renamed(number)}` };
        }),
      }),
      ...(placement?.at === 'after_question' && {
        placement: { ...placement, questionId: renamed(placement.questionId) },
      }),
    },
  };
}
