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
