import type { ScriptEventType } from '@quizbeam/contracts/scripts';

export interface ScriptEventText {
  title: string;
  explanation: string;
}

export const SCRIPT_EVENT_TEXTS: Record<ScriptEventType, ScriptEventText> = {
  'on-start-page': {
    title: 'Start Page Load',
    explanation: "Runs when the quiz's start page loads. It does not run when the quiz has no start page.",
  },
  'on-opt-in': {
    title: 'Opt-In',
    explanation:
      'Runs when a visitor opts in through the capture form. It needs an API integration or Zapier to work.',
  },
};

export const editScriptLabel = (type: ScriptEventType) => `Edit ${SCRIPT_EVENT_TEXTS[type].title} script`;

export const CODE_SET_TEXT = 'Script added';
export const NO_CODE_TEXT = 'No script yet';

export const SCRIPT_MODAL_TITLE = 'Add Scripts';
export const WRAP_IN_SCRIPT_TAGS_NOTE = 'Wrap each script in <script> and </script> tags.';
export const MISSING_SCRIPT_TAGS_WARNING =
  'This code has no <script> tag, so it will not run. It is added to the page as HTML: wrap JavaScript in ' +
  '<script> and </script> tags, or visitors will see it as text.';

export const QUIZ_SCRIPTS_NOTE =
  'Changes to these scripts take effect the next time you publish or republish this quiz.';
export const ACCOUNT_SCRIPTS_NOTE = 'These scripts apply to every quiz in your account.';
export const ACCOUNT_SCRIPTS_REPUBLISH_NOTE =
  "Republish your quizzes for changes to take effect. A quiz's own scripts run after these.";
