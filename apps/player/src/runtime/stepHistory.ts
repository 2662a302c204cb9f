import type { Answered } from '@quizbeam/contracts/visitorEvents';

/** A screen of the quiz as a history entry keeps it: enough to show it again. */
export interface QuizPlace {
  started: boolean;
  answers: Answered[];
  /** The capture form placed before or amid the questions, after these answers. */
  form?: true;
}

/**
 * The browser's history as the quiz uses it: every question (and the capture form) is an entry of the quiz's
 * own page, so the browser's Back steps back one question instead of leaving the quiz.
 */
export interface StepHistory {
  /** The visitor moved on to `place`: a new entry. */
  push(place: QuizPlace): void;
  replace(place: QuizPlace): void;
  back(): void;
  /** Called with the place of the entry the visitor went back (or forward) to. */
  onMove(listener: (place: QuizPlace) => void): void;
}

const STATE_KEY = 'quizbeam';

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value);

/** A response of any shape (a choice, several, a value, a text) with well-typed parts. */
function isResponse(value: unknown): boolean {
  const response = value as Partial<Record<string, unknown>> | null;
  if (!response || !isId(response.questionId)) return false;
  if ('answerId' in response) return isId(response.answerId);
  if ('answerIds' in response) return Array.isArray(response.answerIds) && response.answerIds.every(isId);
  if ('value' in response) return Number.isFinite(response.value);
  return typeof response.text === 'string';
}

/** The place kept in a history entry's state, when it is one of ours and well formed. */
function placeOf(state: unknown): QuizPlace | null {
  const place = (state as Record<string, unknown> | null)?.[STATE_KEY] as Partial<QuizPlace> | undefined;
  if (!place || typeof place.started !== 'boolean' || !Array.isArray(place.answers)) return null;
  if (!place.answers.every(isResponse)) return null;
  return { started: place.started, answers: place.answers, ...(place.form === true && { form: true }) };
}

/** Entries on the quiz's own page; the address stays the same. */
export function pageHistory(): StepHistory {
  const stateOf = (place: QuizPlace) => ({ [STATE_KEY]: place });
  return {
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
 * step there would make the host's Back button move the quiz instead of the page, so the quiz keeps its
 * steps in memory for its own Back button.
 */
export function frameHistory(): StepHistory {
  const places: QuizPlace[] = [];
  let listener: ((place: QuizPlace) => void) | null = null;
  return {
    push: (place) => places.push(place),
    replace: (place) => {
      places[Math.max(places.length - 1, 0)] = place;
    },
    back() {
      places.pop();
      const place = places.at(-1);
      if (place) listener?.(place);
    },
    onMove(next) {
      listener = next;
    },
  };
}
