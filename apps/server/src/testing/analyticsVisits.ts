import type { Quiz } from '@quizbeam/contracts/quiz';
import type { ChoiceResponse } from '@quizbeam/contracts/responses';
import type { Answered, VisitorEvent } from '@quizbeam/contracts/visitorEvents';
import { firstQuestionId, nextStep } from '@quizbeam/quiz-engine/flow';
import type { PublishedBranchingQuiz } from './analytics';

/* Visits to the quiz of publishBranchingQuiz: scripted ones with known figures, and generated ones. */
/** A visitor's step: events the page sends, or the call that ends the visit. */
export type VisitAction =
  | { kind: 'events'; events: VisitorEvent[] }
  | { kind: 'complete'; answers: Answered[] }
  | { kind: 'lead'; answers: Answered[]; email: string; name: string };

export interface Visit {
  visitId: string;
  actions: VisitAction[];
}

const UTM_SOURCES = [undefined, 'newsletter', 'ads, "spring"', 'café ☕'];
const UTM_CAMPAIGNS = [undefined, 'launch', 'q4|promo'];
/**
 * URL fields a page may send: the quiz (with the default list) keeps utm_* and gclid; `ref` it does not list,
 * so the server drops it.
 */
const URL_FIELDS: (Record<string, string> | undefined)[] = [
  undefined,
  { gclid: 'Cj0KCQ-one' },
  { gclid: 'Cj0KCQ-two', utm_source: 'newsletter', ref: 'partner7' },
  { utm_medium: 'cpc, "paid"', utm_source: 'café ☕' },
];

/** A number from the visit's id, to pick without drawing from `random` (the visits stay as they were). */
const idNumber = (visitId: string) =>
  [...visitId].reduce((sum, character) => sum + character.charCodeAt(0), 0);

/**
 * A pseudo-random visit: it may stop on the start page, leave at any question, go Back once and change
 * its answer, leave at the capture form, submit a lead or finish without one, or post its completion twice.
 */
export function randomVisit(random: (bound: number) => number, quiz: Quiz, visitId: string): Visit {
  const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
  const chance = (percent: number) => random(100) < percent;
  const events: VisitorEvent[] = [];
  const done = (...ending: VisitAction[]): Visit => ({
    visitId,
    actions: [{ kind: 'events', events }, ...ending],
  });
  const utmSource = pick(UTM_SOURCES);
  const utmCampaign = pick(UTM_CAMPAIGNS);
  const urlFields = URL_FIELDS[idNumber(visitId) % URL_FIELDS.length];
  events.push({
    type: 'visit',
    ...(utmSource ? { utmSource } : {}),
    ...(utmCampaign ? { utmCampaign } : {}),
    ...(urlFields ? { urlFields } : {}),
  });
  if (chance(20)) return done();
  events.push({ type: 'start' });
  const path: ChoiceResponse[] = [];
  const answerOf = (questionId: number) =>
    pick(quiz.questions.find((question) => question.id === questionId)?.answers ?? []).id;
  const after = (answered: ChoiceResponse) =>
    nextStep(
      quiz,
      answered.questionId,
      answered.answerId,
      path.map((step) => step.questionId),
    );
  let current = firstQuestionId(quiz);
  let wentBack = false;
  while (current !== null) {
    events.push({ type: 'shown', questionId: current });
    if (chance(12)) return done();
    const answered = { questionId: current, answerId: answerOf(current) };
    events.push({ type: 'answer', ...answered });
    const step = after(answered);
    path.push(answered);
    current = step.kind === 'question' ? step.questionId : null;
    if (current !== null && !wentBack && chance(20)) {
      // Back from the next question to this one, and an answer chosen again (perhaps the same).
      wentBack = true;
      events.push({ type: 'shown', questionId: current });
      events.push({ type: 'shown', questionId: answered.questionId });
      path.pop();
      const again = { questionId: answered.questionId, answerId: answerOf(answered.questionId) };
      events.push({ type: 'answer', ...again });
      const stepAgain = after(again);
      path.push(again);
      current = stepAgain.kind === 'question' ? stepAgain.questionId : null;
    }
  }
  events.push({ type: 'capture' });
  const roll = random(100);
  if (roll < 15) return done();
  if (roll < 55) {
    const lead: VisitAction = {
      kind: 'lead',
      answers: path,
      email: `${visitId.toLowerCase()}@example.com`,
      name: `Visitor ${visitId.slice(-4)}`,
    };
    return chance(10) ? done(lead, lead) : done(lead);
  }
  const complete: VisitAction = { kind: 'complete', answers: path };
  return chance(10) ? done(complete, complete) : done(complete);
}

/**
 * Five visits with known figures: Ads jumps to Q3 and scores 7 (no outcome covers it) with a lead (with UTM
 * values, a gclid, and a `ref` the quiz does not keep); one leaves at Q3 reached through Q2 (another gclid); one goes Back from Q3 to Q1, changes its answer and finishes without a
 * lead, posting it twice; one stays on the start page (from the newsletter); one leaves at the capture form.
 */
export function knownVisits({ q, a }: Pick<PublishedBranchingQuiz, 'q' | 'a'>): Visit[] {
  const [q1 = 0, q2 = 0, q3 = 0, q4 = 0] = q;
  const [[ads = 0, search = 0, referrals = 0] = [], [small = 0, large = 0] = [], [yes = 0, no = 0] = []] = a;
  const [low = 0, high = 0] = a[3] ?? [];
  const shown = (questionId: number): VisitorEvent => ({ type: 'shown', questionId });
  const answer = (questionId: number, answerId: number): VisitorEvent => ({
    type: 'answer',
    questionId,
    answerId,
  });
  const events = (...list: VisitorEvent[]) => ({ kind: 'events' as const, events: list });
  const visits: Visit[] = [
    // Ads jumps to Q3; the highest path scores 7, which no outcome covers; a lead.
    {
      visitId: 'known-visit-000000001',
      actions: [
        events(
          {
            type: 'visit',
            utmSource: 'newsletter',
            utmCampaign: 'launch',
            urlFields: {
              utm_source: 'newsletter',
              utm_campaign: 'launch',
              gclid: 'Cj0-abc',
              ref: 'partner7',
            },
          },
          { type: 'start' },
        ),
        events(shown(q1), answer(q1, ads), shown(q3), answer(q3, yes), shown(q4), answer(q4, high)),
        events({ type: 'capture' }),
        {
          kind: 'lead',
          answers: [
            { questionId: q1, answerId: ads },
            { questionId: q3, answerId: yes },
            { questionId: q4, answerId: high },
          ],
          email: 'ada@example.com',
          name: 'Ada',
        },
      ],
    },
    // Leaves at Q3, reached through Q2.
    {
      visitId: 'known-visit-000000002',
      actions: [
        events(
          { type: 'visit', urlFields: { gclid: 'Cj0-def' } },
          { type: 'start' },
          shown(q1),
          answer(q1, search),
        ),
        events(shown(q2), answer(q2, small), shown(q3)),
      ],
    },
    // Goes Back from Q3 to Q1 and changes its answer; finishes without a lead, posting it twice.
    {
      visitId: 'known-visit-000000003',
      actions: [
        events({ type: 'visit' }, { type: 'start' }, shown(q1), answer(q1, ads), shown(q3), shown(q1)),
        events(answer(q1, search), shown(q2), answer(q2, large), shown(q3), answer(q3, no), {
          type: 'capture',
        }),
        ...[1, 2].map(() => ({
          kind: 'complete' as const,
          answers: [
            { questionId: q1, answerId: search },
            { questionId: q2, answerId: large },
            { questionId: q3, answerId: no },
          ],
        })),
      ],
    },
    // Stays on the start page.
    {
      visitId: 'known-visit-000000004',
      actions: [events({ type: 'visit', urlFields: { utm_source: 'newsletter' } })],
    },
    // Leaves at the capture form.
    {
      visitId: 'known-visit-000000005',
      actions: [
        events({ type: 'visit' }, { type: 'start' }, shown(q1), answer(q1, referrals), shown(q2)),
        events(answer(q2, small), shown(q3), answer(q3, yes), shown(q4), answer(q4, low), {
          type: 'capture',
        }),
      ],
    },
  ];
  return visits;
}
