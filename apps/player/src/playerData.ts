import type { Quiz } from '@quizbeam/contracts/quiz';

/**
 * What the server puts in the page's #quizbeam-data element for the player. The quiz is the published
 * document prepared for visitors: integration settings removed, empty lead-capture texts replaced by the
 * defaults, outcome descriptions sanitized, links and images limited to http(s) (and mailto for links).
 */
export interface PlayerData {
  mode: 'published' | 'preview';
  snapshotId: string;
  maxScore: number;
  /** The page's canonical address, for the share links. */
  pageUrl: string;
  quiz: Quiz;
}
