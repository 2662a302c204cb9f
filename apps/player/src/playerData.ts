import type { ImageVariant, QuestionType, Quiz, QuizType } from '@quizbeam/contracts/quiz';

/*
 * What the server puts in the page's #quizbeam-data element for the player: only what the visitor's screens
 * need before the result. Outcomes never come with the page; the server answers the one to show when the
 * visitor finishes (visitorResultSchema). The look is in the page's inline CSS, not here.
 */

export interface PublishedAnswer {
  id: number;
  text: string;
  /** http(s) only; null when the answer has no (safe) image. */
  imageUrl: string | null;
  /** The image's resized copies (http(s) only), when it has any: the picture's `srcset`. */
  imageVariants?: ImageVariant[];
  imageCaption: string;
  /** The question this answer leads to, or null when the quiz ends there: the flow rules, resolved. */
  next: number | null;
  /**
   * Only when the capture form's texts depend on the outcome (Segment by Outcome): scored quizzes get the
   * answer's points, general ones the index in `leadCapture.byOutcome` of the outcome it links (or null).
   */
  points?: number;
  outcome?: number | null;
}

export interface PublishedQuestion {
  id: number;
  type: QuestionType;
  text: string;
  imageUrl: string | null;
  imageVariants?: ImageVariant[];
  answers: PublishedAnswer[];
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
}

/** The quiz as a visitor's page holds it: no name, ids of the account, storage keys or outcomes. */
export interface PublishedQuizView {
  type: QuizType;
  /** The start page's title, also the page title and the quiz named in share texts. */
  title: string;
  description: string;
  /** The start page button's text. */
  cta: string;
  startPage: boolean;
  /** In flow order: the quiz starts at the first. */
  questions: PublishedQuestion[];
  /** null when the quiz has no capture form. */
  leadCapture: PublishedLeadCapture | null;
}

interface PlayerDataCommon {
  snapshotId: string;
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
