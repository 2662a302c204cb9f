import {
  type LeadCapturePatch,
  type OutcomeLeadCapturePatch,
  updateLeadCaptureSettings,
  updateOutcomeLeadCaptureSettings,
} from '@quizbeam/quiz-engine/leadCapture';
import type { QuizChange } from '../store/quizHistory';

export const setLeadCaptureSettings =
  (patch: LeadCapturePatch): QuizChange =>
  (quiz) =>
    updateLeadCaptureSettings(quiz, patch);

export const setOutcomeLeadCaptureSettings =
  (outcomeId: number, patch: OutcomeLeadCapturePatch): QuizChange =>
  (quiz) =>
    updateOutcomeLeadCaptureSettings(quiz, outcomeId, patch);

/**
 * The connection the quiz's leads go to (null: none). Its targets are another connection's no more, so
 * the quiz's and every outcome's target are cleared.
 */
export const chooseConnection =
  (connection: { id: string; serviceName: string } | null): QuizChange =>
  (quiz) => {
    const connectionId = connection?.id ?? null;
    if (quiz.leadCaptureSettings.connectionId === connectionId) return quiz;
    let next = updateLeadCaptureSettings(quiz, {
      connectionId,
      targetServiceName: connection?.serviceName ?? null,
      targetId: null,
    });
    for (const outcome of quiz.outcomes) {
      if (outcome.leadCaptureSettings.targetId !== null)
        next = updateOutcomeLeadCaptureSettings(next, outcome.id, { targetId: null });
    }
    return next;
  };
