import { SupportEmailLink } from '../SupportEmailLink';
import { showError } from './notificationStore';

export const DEFAULT_ERROR_TEXT =
  "Something went wrong. Please try again in a few minutes, and if it still doesn't work, contact support";

export function DefaultErrorMessage() {
  return (
    <>
      {DEFAULT_ERROR_TEXT} <SupportEmailLink />
    </>
  );
}

export function showDefaultError(): void {
  showError(<DefaultErrorMessage />);
}
