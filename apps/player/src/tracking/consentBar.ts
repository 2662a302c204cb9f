import { CONSENT_BAR_ID } from '../markup/pageIds';
import type { ConsentChoice } from './trackingShared';

/**
 * Shows the page's consent bar (markup/consentBar.ts); `answered` gets the visitor's choice once, then the bar
 * goes and the focus moves to the quiz's heading.
 */
export function showConsentBar(answered: (choice: ConsentChoice) => void): void {
  const bar = document.getElementById(CONSENT_BAR_ID);
  if (!bar) return;
  bar.hidden = false;
  bar.onclick = ({ target }) => {
    if (!(target instanceof HTMLButtonElement)) return;
    bar.remove();
    document.querySelector('h1')?.focus();
    answered(target.value as ConsentChoice);
  };
}
