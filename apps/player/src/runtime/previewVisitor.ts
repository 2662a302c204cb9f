import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { followedResponses } from '@quizbeam/quiz-engine/responses';
import { quizResult } from '@quizbeam/quiz-engine/results';
import type { PreviewData } from '../playerData';
import { visitorOutcomeOf } from '../result/visitorOutcomeOf';
import type { VisitorFor } from './startPlayer';
import type { Visitor } from './visitor';

/** The result computed in the page with the engine's functions, as the server computes it for published quizzes. */
export function localResult(quiz: Quiz, maxScore: number, answers: Answered[]): VisitorResult {
  const effects = followedResponses(quiz, answers);
  // The player only sends paths it walked; the server would refuse anything else with a 400.
  if (!effects) throw new Error('These answers do not follow the quiz from its first question to its end.');
  const computed = quizResult(quiz, maxScore, answers, effects);
  const result = {
    ...computed,
    showCategoryBars:
      quiz.type === 'scored' && computed.categories.length > 0 && quiz.scoring?.showCategoryBars === true,
    descriptionIndex: 0,
  };
  return { ...result, outcome: visitorOutcomeOf(quiz, result) };
}

/**
 * Preview: nothing is sent anywhere; the outcome comes from the engine, over the quiz the preview page
 * carries. (The preview is framed on the builder's host with an opaque origin, where the visitor API
 * does not exist; computing here also keeps the preview working for a quiz that was never published.)
 */
export function previewVisitor({ quiz, maxScore }: PreviewData): Visitor {
  const result = async (answers: Answered[]) => localResult(quiz, maxScore, answers);
  return { track() {}, complete: result, submitLead: result };
}

/** The editor's preview page's visitor. */
export const previewPageVisitor: VisitorFor = (data) =>
  data.mode === 'preview' ? previewVisitor(data.preview) : null;
