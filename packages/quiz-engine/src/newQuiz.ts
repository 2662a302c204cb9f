import type {
  FlowRule,
  LeadCaptureSettings,
  OutcomeLeadCaptureSettings,
  Quiz,
  QuizType,
} from '@quizbeam/contracts/quiz';
import {
  DEFAULT_LEAD_CAPTURE_TEXTS,
  DEFAULT_THEME_ID,
  QUIZ_DOCUMENT_VERSION,
} from '@quizbeam/contracts/quizConstants';

export const DEFAULT_THEME = DEFAULT_THEME_ID;

/** A new quiz sets none of its look: '' everywhere means "the theme's", so a theme change carries through. */
export const THEME_DEFAULT_APPEARANCE = {
  fontFamily: '',
  textColor: '',
  buttonBackgroundColor: '',
  buttonFontFamily: '',
  buttonTextColor: '',
  ctaBackgroundColor: '',
  ctaFontFamily: '',
  ctaTextColor: '',
} as const;

export const questionDefaultRule = (): FlowRule => ({
  defaultBehaviour: 'next_in_list',
  behaviour: 'next_in_list',
  target: null,
});

export const answerDefaultRule = (): FlowRule => ({
  defaultBehaviour: 'follow_question',
  behaviour: 'follow_question',
  target: null,
});

/** Lead capture is off by default, with default texts ready for when it is turned on. */
export const defaultLeadCaptureSettings = (): LeadCaptureSettings => ({
  type: 'api',
  targetServiceName: null,
  connectionId: null,
  targetId: null,
  enabled: false,
  skippable: false,
  useConfirmationCheckbox: false,
  confirmationCheckboxText: DEFAULT_LEAD_CAPTURE_TEXTS.confirmationCheckboxText,
  captureName: true,
  usePerOutcomeSettings: false,
  headerText: DEFAULT_LEAD_CAPTURE_TEXTS.headerText,
  descriptionText: DEFAULT_LEAD_CAPTURE_TEXTS.descriptionText,
  dataUsageNote: '',
  privacyPolicyUrl: '',
  htmlFormSettings: null,
  webhookIds: [],
});

/** An outcome's texts start empty: each falls back to the quiz's own (Segment by Outcome). */
export const defaultOutcomeLeadCaptureSettings = (): OutcomeLeadCaptureSettings => ({
  targetId: null,
  webhookIds: [],
  headerText: '',
  descriptionText: '',
  htmlFormSettings: null,
  dataUsageNote: '',
  privacyPolicyUrl: '',
});

/** An empty quiz as "Create From Scratch" makes it: no questions or outcomes yet, start page on. */
export function newQuiz(input: { id: string; name: string; type: QuizType }): Quiz {
  return {
    version: QUIZ_DOCUMENT_VERSION,
    id: input.id,
    name: input.name,
    title: input.name,
    description: '',
    cta: 'Start',
    type: input.type,
    questions: [],
    outcomes: [],
    nextId: 1,
    revision: 0,
    redirect: '',
    publishedId: null,
    publishedHost: null,
    isPublished: false,
    theme: DEFAULT_THEME,
    showPoweredByBadge: null,
    backgroundImage: null,
    socialShareImage: null,
    ...THEME_DEFAULT_APPEARANCE,
    domain: null,
    leadCaptureSettings: defaultLeadCaptureSettings(),
    startPage: { enabled: true },
  };
}
