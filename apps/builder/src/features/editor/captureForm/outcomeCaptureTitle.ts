import type { Outcome } from '@quizbeam/contracts/quiz';

export const outcomeCaptureTitle = (outcome: Outcome) =>
  `Outcome ${outcome.rank}: ${outcome.name.trim() || 'Untitled outcome'}`;
