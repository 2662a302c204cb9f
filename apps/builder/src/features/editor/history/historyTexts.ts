import type { QuizVersionKind } from '@quizbeam/contracts/quizHistory';

export const HISTORY_BUTTON_TEXT = 'History';
export const HISTORY_TITLE = 'Version history';
export const HISTORY_LIST_LABEL = 'Versions';
export const HISTORY_EMPTY_TEXT =
  'No versions yet: every save keeps one here for 30 days, and every publish for good.';
export const HISTORY_CHOOSE_TEXT = 'Choose a version to preview it.';
export const VERSION_PREVIEW_TITLE = 'Version preview';
export const CURRENT_VERSION_TEXT = 'Current';
export const RESTORE_VERSION_TEXT = 'Restore this version';
export const RESTORE_CONFIRM_TEXT = 'Restore';
export const CURRENT_VERSION_REASON = 'The quiz is saved as this version now.';
export const VERSION_RESTORED_TEXT = 'The version has been restored.';
export const UNSAVED_CHANGES_REPLACED_TEXT = 'Your unsaved changes will be replaced by it.';

export const VERSION_KIND_LABELS: Record<QuizVersionKind, string> = {
  save: 'Saved',
  publish: 'Published',
  restore: 'Restored',
};

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 27, 2026, 3:42 PM", in the browser's time zone. */
export const versionTimeText = (savedAt: string) => savedAtFormat.format(new Date(savedAt));

export const restoreQuestionText = (savedAt: string) =>
  `Restore the version of ${versionTimeText(savedAt)}? It is saved as a new version, so the one you have now stays in the history.`;
