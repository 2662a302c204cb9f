import type { Quiz } from '@quizbeam/contracts/quiz';
import type { PaneScreen } from '@quizbeam/player/paneMessages';
import type { EditedItem } from '../editedItem';

const EDITOR_PATH = /\/(?:quizzes|templates)\/[^/]+(?:\/([^/]+))?\/?$/;

/** The editor tab a path shows: its segment after the quiz's (or template's) id; '' for the first tab. */
export function editorTabOf(pathname: string): string {
  return pathname.match(EDITOR_PATH)?.[1] ?? '';
}

/**
 * What the live preview shows for where the marketer is: the start page on its tab, the selected question or
 * outcome on theirs, the capture form on its tab, and otherwise the first screen a visitor sees (the start
 * page, or the first question when there is none).
 */
export function paneScreenFor(tab: string, editedItem: EditedItem | null, quiz: Quiz): PaneScreen {
  switch (tab) {
    case 'start-page':
      return { kind: 'start' };
    case 'capture-form':
      return { kind: 'capture' };
    case 'questions': {
      const question =
        editedItem?.kind === 'question'
          ? quiz.questions.find(({ rank }) => rank === editedItem.rank)
          : undefined;
      return question ? { kind: 'question', questionId: question.id } : { kind: 'first' };
    }
    case 'outcomes': {
      const outcome =
        editedItem?.kind === 'outcome'
          ? quiz.outcomes.find(({ rank }) => rank === editedItem.rank)
          : undefined;
      return outcome ? { kind: 'outcome', outcomeId: outcome.id } : { kind: 'first' };
    }
    default:
      return { kind: 'first' };
  }
}

/** Two screens are the same when this is. */
export const paneScreenKey = (screen: PaneScreen): string =>
  screen.kind === 'question'
    ? `question:${screen.questionId}`
    : screen.kind === 'outcome'
      ? `outcome:${screen.outcomeId}`
      : screen.kind;
