import type { ScriptEventType } from '@quizbeam/contracts/scripts';

export interface ScriptEventText {
  title: string;
  explanation: string;
  /** The script can read the lead from `LEAD_VARIABLE`. */
  receivesLead: boolean;
}

/** Where the Opt-In and Completion scripts read the lead from. */
export const LEAD_VARIABLE = 'window.quizbeam.lead';
/** Said before `LEAD_VARIABLE` on those cards. */
export const LEAD_DATA_NOTE =
  "The lead's fields, outcome, score, category scores and URL fields are available as";

export const SCRIPT_EVENT_TEXTS: Record<ScriptEventType, ScriptEventText> = {
  'on-start-page': {
    title: 'Start Page Load',
    explanation: "Runs when the quiz's start page loads. It does not run when the quiz has no start page.",
    receivesLead: false,
  },
  'on-opt-in': {
    title: 'Opt-In',
    explanation:
      'Runs when a visitor opts in through the capture form. It needs an API integration or Zapier to work.',
    receivesLead: true,
  },
  'on-complete': {
    title: 'Completion',
    explanation: 'Runs when the visitor reaches the result.',
    receivesLead: true,
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

export const TRACKING_DEFAULTS_TITLE = 'Tracking Defaults';
export const TRACKING_DEFAULTS_NOTE =
  'Google Tag Manager, Google Analytics 4 and Meta Pixel for every quiz that uses the account’s defaults ' +
  '(each quiz chooses on its Tracking tab). Republish your quizzes for changes to take effect.';
