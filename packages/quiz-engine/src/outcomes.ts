import type { Outcome, Quiz, ScoreRange } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_DESCRIPTIONS, MAX_OUTCOMES } from '@quizbeam/contracts/quizConstants';
import { removeOutcomeLinks } from './answers';
import { takeId } from './ids';
import { withOutcome } from './lookup';
import { defaultOutcomeLeadCaptureSettings } from './newQuiz';
import { moveToIndex, renumber } from './ranks';

/** Appends an empty text outcome at the end. Throws when the quiz already has MAX_OUTCOMES outcomes. */
export function addOutcome(quiz: Quiz): { quiz: Quiz; outcomeId: number } {
  if (quiz.outcomes.length >= MAX_OUTCOMES) throw new Error(`A quiz has at most ${MAX_OUTCOMES} outcomes.`);
  const { quiz: counted, id } = takeId(quiz);
  const outcome: Outcome = {
    id,
    rank: quiz.outcomes.length + 1,
    name: '',
    type: 'text',
    redirect: '',
    descriptions: [''],
    image: null,
    enableSocialSharing: false,
    enableCta: false,
    ctaButtonText: '',
    ctaUrl: '',
    scoreRange: { from: null, to: null },
    leadCaptureSettings: defaultOutcomeLeadCaptureSettings(),
  };
  return { quiz: { ...counted, outcomes: renumber([...quiz.outcomes, outcome]) }, outcomeId: id };
}

/**
 * Removes the outcome, renumbers the rest and takes it out of every answer's and range's links (its main
 * link and its extra ones). Unknown id: same quiz.
 */
export function removeOutcome(quiz: Quiz, outcomeId: number): Quiz {
  if (!quiz.outcomes.some((outcome) => outcome.id === outcomeId)) return quiz;
  const unlinked = removeOutcomeLinks(quiz, outcomeId);
  return { ...unlinked, outcomes: renumber(quiz.outcomes.filter((outcome) => outcome.id !== outcomeId)) };
}

/** Moves the outcome to list position `toIndex` (0-based, clamped) and renumbers. Unknown id: same quiz. */
export function moveOutcome(quiz: Quiz, outcomeId: number, toIndex: number): Quiz {
  const fromIndex = quiz.outcomes.findIndex((outcome) => outcome.id === outcomeId);
  if (fromIndex < 0) return quiz;
  return { ...quiz, outcomes: renumber(moveToIndex(quiz.outcomes, fromIndex, toIndex)) };
}

const scoreBound = (value: number | null): number | null =>
  value === null || !Number.isFinite(value) ? null : Math.max(0, Math.round(value));

/**
 * Keeps each bound of a score interval a whole number, at least 0. It never moves the other bound: while a
 * marketer types "10" into To, the "1" on the way must not drag From down. An interval that ends before it
 * starts stays as typed; the editor shows it and Publish lists it (see `incompleteItems`).
 */
export function normaliseScoreRange(previous: ScoreRange, patch: Partial<ScoreRange>): ScoreRange {
  return {
    from: patch.from !== undefined ? scoreBound(patch.from) : previous.from,
    to: patch.to !== undefined ? scoreBound(patch.to) : previous.to,
  };
}

const normaliseDescriptions = (descriptions: string[]): string[] =>
  descriptions.length === 0 ? [''] : descriptions.slice(0, MAX_OUTCOME_DESCRIPTIONS);

export type OutcomePatch = Partial<Omit<Outcome, 'id' | 'rank'>>;

/**
 * Patches an outcome. Descriptions keep 1..MAX_OUTCOME_DESCRIPTIONS entries (an empty list becomes [''],
 * extra ones are dropped); the score interval is normalised (see `normaliseScoreRange`). Unknown id: same
 * quiz.
 */
export function updateOutcome(quiz: Quiz, outcomeId: number, patch: OutcomePatch): Quiz {
  return withOutcome(quiz, outcomeId, (outcome) => {
    const updated: Record<string, unknown> = { ...outcome };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || key === 'id' || key === 'rank') continue;
      updated[key] = value;
    }
    return {
      ...(updated as Outcome),
      descriptions:
        patch.descriptions !== undefined ? normaliseDescriptions(patch.descriptions) : outcome.descriptions,
      scoreRange:
        patch.scoreRange !== undefined
          ? normaliseScoreRange(outcome.scoreRange, patch.scoreRange)
          : outcome.scoreRange,
    };
  });
}

/** Adds an empty alternate description; does nothing once the outcome has MAX_OUTCOME_DESCRIPTIONS. */
export function addAlternateDescription(quiz: Quiz, outcomeId: number): Quiz {
  return withOutcome(quiz, outcomeId, (outcome) =>
    outcome.descriptions.length >= MAX_OUTCOME_DESCRIPTIONS
      ? outcome
      : { ...outcome, descriptions: [...outcome.descriptions, ''] },
  );
}

/** Replaces the description at `index`; an index outside the list does nothing. */
export function updateDescription(quiz: Quiz, outcomeId: number, index: number, text: string): Quiz {
  return withOutcome(quiz, outcomeId, (outcome) =>
    Number.isInteger(index) && index >= 0 && index < outcome.descriptions.length
      ? { ...outcome, descriptions: outcome.descriptions.with(index, text) }
      : outcome,
  );
}

/** Removes the description at `index`; never removes the last one, an index outside the list does nothing. */
export function removeDescription(quiz: Quiz, outcomeId: number, index: number): Quiz {
  return withOutcome(quiz, outcomeId, (outcome) =>
    outcome.descriptions.length > 1 &&
    Number.isInteger(index) &&
    index >= 0 &&
    index < outcome.descriptions.length
      ? { ...outcome, descriptions: outcome.descriptions.filter((_, position) => position !== index) }
      : outcome,
  );
}
