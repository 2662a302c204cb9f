import { AppError } from '../../shared/appError';

export const QUIZ_UNAVAILABLE_VISITOR_TEXT = 'This quiz is unavailable right now.';

/** What the visitor API answers for a quiz of a disabled account (403). */
export const quizUnavailable = () => new AppError('unavailable', QUIZ_UNAVAILABLE_VISITOR_TEXT);
