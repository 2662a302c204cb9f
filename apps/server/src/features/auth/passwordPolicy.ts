import { PASSWORD_MIN_LENGTH } from '@quizbeam/contracts/auth';
import { AppError } from '../../shared/appError';

export function assertPasswordAcceptable(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError(
      'invalid_password',
      `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    );
  }
}
