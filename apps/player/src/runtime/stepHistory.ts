import type { Answered } from '@quizbeam/contracts/visitorEvents';

/** A screen of the quiz as a history entry keeps it: enough to show it again. */
export interface QuizPlace {
  started: boolean;
  answers: Answered[];
}

/**
 * The browser's history as the quiz uses it: every question (and the capture form) is an entry of the quiz's
 * own page, so the browser's Back steps back one question instead of leaving the quiz.
 */
export interface StepHistory {
  /** False inside a frame: there the quiz's own Back button steps back without history. */
  readonly enabled: boolean;
  /** The visitor moved on to `place`: a new entry. */
  push(place: QuizPlace): void;
  replace(place: QuizPlace): void;
  back(): void;
  /** Called with the place of the entry the visitor went back (or forward) to. */
  onMove(listener: (place: QuizPlace) => void): void;
}

const STATE_KEY = 'quizbeam';

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value);

/** The place kept in a history entry's state, when it is one of ours and well formed. */
function placeOf(state: unknown): QuizPlace | null {
  const place = (state as Record<string, unknown> | null)?.[STATE_KEY] as Partial<QuizPlace> | undefined;
  if (!place || typeof place.started !== 'boolean' || !Array.isArray(place.answers)) return null;
  const answers = place.answers as Partial<Answered>[];
  if (!answers.every((answered) => isId(answered?.questionId) && isId(answered?.answerId))) return null;
  return { started: place.started, answers: answers as Answered[] };
}

/** Entries on the quiz's own page; the address stays the same. */
export function pageHistory(): StepHistory {
  const stateOf = (place: QuizPlace) => ({ [STATE_KEY]: place });
  return {
    enabled: true,
    push: (place) => history.pushState(stateOf(place), ''),
    replace: (place) => history.replaceState(stateOf(place), ''),
    back: () => history.back(),
    onMove(listener) {
      addEventListener('popstate', (event: PopStateEvent) => {
        const place = placeOf(event.state);
        if (place) listener(place);
      });
    },
  };
}

/**
 * Inside a frame (an embed on another site, the editor's preview) the history is the host page's: a quiz
 * step there would make the host's Back button move the quiz instead of the page, so it is left alone.
 */
export const frameHistory: StepHistory = {
  enabled: false,
  push() {},
  replace() {},
  back() {},
  onMove() {},
};
