import type { LeadFieldKind, LeadFormPlacement } from '@quizbeam/contracts/leadFormFields';
import type { NumberSettings, RatingScale } from '@quizbeam/contracts/questionSettings';
import type { ImageVariant, QuestionType, Quiz, QuizType } from '@quizbeam/contracts/quiz';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorText, VisitorTextKey } from '@quizbeam/contracts/visitorTexts';

/*
 * What the server puts in the page's #quizbeam-data element for the player: only what the visitor's screens
 * need before the result. Outcomes never come with the page; the server answers the one to show when the
 * visitor finishes (visitorResultSchema). The look is in the page's inline CSS, not here.
 */

/** A weighted link to an outcome: `outcome` is its index in `leadCapture.byOutcome`. */
export interface PublishedOutcomeLink {
  outcome: number;
  weight: number;
}

/**
 * Only when the capture form's texts depend on the outcome (Segment by Outcome): scored quizzes get the
 * points, general ones the weighted outcome links.
 */
export interface OutcomeHints {
  points?: number;
  links?: PublishedOutcomeLink[];
}

export interface PublishedAnswer extends OutcomeHints {
  id: number;
  text: string;
  /** http(s) only; null when the answer has no (safe) image. */
  imageUrl: string | null;
  /** The image's resized copies (http(s) only), when it has any: the picture's `srcset`. */
  imageVariants?: ImageVariant[];
  imageCaption: string;
  /** The question this answer leads to, or null when the quiz ends there: the flow rules, resolved. */
  next: number | null;
  /** Multi-select: the answer has a rule of its own (the first such chosen answer decides where to go). */
  ownRule?: true;
}

/** Rating and number questions: the values from `from` to `to` (inclusive) lead to `next`. */
export interface PublishedRange extends OutcomeHints {
  from: number;
  to: number;
  next: number | null;
}

export interface PublishedQuestion {
  id: number;
  type: QuestionType;
  text: string;
  /** Its description as HTML the server sanitized; absent when it has none. */
  descriptionHtml?: string;
  imageUrl: string | null;
  imageVariants?: ImageVariant[];
  /** The choices (none for rating, number and text questions). */
  answers: PublishedAnswer[];
  /**
   * Where the question's own rule leads (null: the end): after a text, a value in no range, or choices of
   * which none has a rule of its own.
   */
  next: number | null;
  /** Every question a response can lead to (the flow's edges), for the progress count. */
  leadsTo: number[];
  /** Multi-select: how many answers a visitor must and may choose. */
  selection?: { min: number; max: number };
  rating?: RatingScale;
  number?: NumberSettings;
  /** Rating and number: the first range holding the value applies. */
  ranges?: PublishedRange[];
  /** Text questions. */
  multiline?: boolean;
  optional?: boolean;
}

/** The capture form's texts (empty quiz texts already replaced by the defaults; the privacy link http(s)). */
export interface CaptureTexts {
  headerText: string;
  descriptionText: string;
  dataUsageNote: string;
  privacyPolicyUrl: string;
}

/** One outcome's capture texts (its own where set, else the quiz's), without any integration setting. */
export interface OutcomeCaptureTexts {
  texts: CaptureTexts;
  /** Scored quizzes: the score interval that leads to this outcome. */
  scores: { from: number; to: number } | null;
}

/** One of the capture form's fields beyond name and email; where its value goes stays on the server. */
export interface PublishedLeadField {
  /** What the value is sent under (`fields` of the lead). */
  id: string;
  /**
   * How payloads name the value: the marketer's scripts read it under this key (window.quizbeam). Only on pages
   * that run opt-in or completion code; elsewhere they read it by `id`.
   */
  key?: string;
  kind: LeadFieldKind;
  label: string;
  required: boolean;
  /** choice: the options, as the server accepts them. */
  choices?: string[];
}

export interface PublishedLeadCapture extends CaptureTexts {
  captureName: boolean;
  useConfirmationCheckbox: boolean;
  confirmationCheckboxText: string;
  skippable: boolean;
  /**
   * Segment by Outcome: the outcomes' texts by rank (scored quizzes: only outcomes with a whole score
   * interval); null when every visitor sees the quiz's texts.
   */
  byOutcome: OutcomeCaptureTexts[] | null;
  /** Scored quizzes whose outcomes go by percentage: the maximum score the percentage is of. */
  percentOf?: number;
  /** After name and email, in the marketer's order. */
  fields: PublishedLeadField[];
  /** Where the form appears (a question that is gone already replaced by before the results). */
  placement: LeadFormPlacement;
}

/** The quiz as a visitor's page holds it: no name, ids of the account, storage keys or outcomes. */
export interface PublishedQuizView {
  type: QuizType;
  /** The start page's title, also the page title and the quiz named in share texts. */
  title: string;
  /** The start page's description as HTML the server sanitized. */
  description: string;
  /** The start page button's text. */
  cta: string;
  startPage: boolean;
  /** In flow order: the quiz starts at the first. */
  questions: PublishedQuestion[];
  /** null when the quiz has no capture form. */
  leadCapture: PublishedLeadCapture | null;
  /** The address parameters the quiz keeps on visits and leads (URL fields), by name. */
  urlFields: string[];
}

interface PlayerDataCommon {
  snapshotId: string;
  /** The language the page is in (the quiz's, or the visitor's browser's when the quiz follows it). */
  language: VisitorLanguage;
  /**
   * Quizbeam's own texts in that language, the marketer's versions included: the only catalogue sent, and of
   * it only what the player may draw (pageTexts).
   */
  texts: Partial<Record<VisitorTextKey, VisitorText>>;
  /** The page's canonical address, for the share links. */
  pageUrl: string;
  quiz: PublishedQuizView;
}

/**
 * The editor's preview records nothing and has no snapshot to send answers to, so its page also carries the
 * quiz being edited (prepared for visitors) and computes the result in the browser with the quiz engine.
 * That quiz is the marketer's own, shown only to them in their editor; published pages never carry it.
 */
export interface PreviewData {
  quiz: Quiz;
  maxScore: number;
}

export type PlayerData =
  | (PlayerDataCommon & { mode: 'published' })
  | (PlayerDataCommon & { mode: 'preview'; preview: PreviewData });
