/**
 * When a signed-in call answers 401 (the session expired or was ended elsewhere), the API client asks the
 * registered handler to sign the user in again and then repeats the call once, so the work on screen is
 * never lost. One handler at a time (the signed-in layout's dialog); calls failing together share one
 * sign-in.
 */
export type SignInAgain = () => Promise<void>;

let signInAgain: SignInAgain | null = null;
let pending: Promise<void> | null = null;

/** Registers the handler; returns the function that removes it. */
export function setSignInAgainHandler(handler: SignInAgain): () => void {
  signInAgain = handler;
  return () => {
    if (signInAgain === handler) signInAgain = null;
  };
}

/** Resolves once the user signed in again, rejects when they gave up; null when no one can ask. */
export function waitForSignInAgain(): Promise<void> | null {
  if (!signInAgain) return null;
  if (!pending) {
    pending = signInAgain().finally(() => {
      pending = null;
    });
  }
  return pending;
}
