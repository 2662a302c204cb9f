import type { Quiz } from '@quizbeam/contracts/quiz';
import { isPaneQuiz } from './paneQuizShape';

/*
 * The messages between the quiz editor and its live preview pane. The pane's page (served by the app, in a
 * sandboxed frame with an opaque origin) says it is ready; the editor then sends it the quiz being edited
 * and the screen to show, again after each change. The pane takes them only from its parent window at the
 * app's origin, and only in this shape.
 */

/** The element of the pane's page holding its configuration (JSON, see PaneConfig). */
export const PANE_CONFIG_ID = 'quizbeam-pane';

export const PANE_READY_MESSAGE = 'quizbeam:live-preview-ready';
export const PANE_SHOW_MESSAGE = 'quizbeam:live-preview-show';

/** Which screen the pane draws: the one the editor's tab and selection are about. */
export type PaneScreen =
  | { kind: 'first' }
  | { kind: 'start' }
  | { kind: 'capture' }
  | { kind: 'question'; questionId: number }
  | { kind: 'outcome'; outcomeId: number };

export interface PaneShowMessage {
  type: typeof PANE_SHOW_MESSAGE;
  quiz: Quiz;
  screen: PaneScreen;
}

export interface PaneReadyMessage {
  type: typeof PANE_READY_MESSAGE;
}

/** What the server puts in the pane's page. */
export interface PaneConfig {
  /** The app's origin: the only one whose messages the pane takes. */
  parentOrigin: string;
  /** The address the share links of an outcome screen name, as the full-screen preview's do. */
  pageUrl: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function paneScreenOf(value: unknown): PaneScreen | null {
  if (!isRecord(value)) return null;
  switch (value.kind) {
    case 'first':
    case 'start':
    case 'capture':
      return { kind: value.kind };
    case 'question':
      return isId(value.questionId) ? { kind: 'question', questionId: value.questionId } : null;
    case 'outcome':
      return isId(value.outcomeId) ? { kind: 'outcome', outcomeId: value.outcomeId } : null;
    default:
      return null;
  }
}

/** The message when it is a show message of the expected shape; null for anything else. */
export function paneShowMessageOf(data: unknown): PaneShowMessage | null {
  if (!isRecord(data) || data.type !== PANE_SHOW_MESSAGE || !isPaneQuiz(data.quiz)) return null;
  const screen = paneScreenOf(data.screen);
  return screen ? { type: PANE_SHOW_MESSAGE, quiz: data.quiz, screen } : null;
}

export const isPaneReadyMessage = (data: unknown): data is PaneReadyMessage =>
  isRecord(data) && data.type === PANE_READY_MESSAGE;

/** The page's configuration, when its element holds one of the expected shape. */
export function paneConfigOf(text: string): PaneConfig | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.parentOrigin !== 'string' || typeof value.pageUrl !== 'string')
    return null;
  return { parentOrigin: value.parentOrigin, pageUrl: value.pageUrl };
}
