declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Tells the analytics tag manager that a purchase finished with a new account. */
export function pushPurchaseEvent(accountId: string): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'purchase', accountId });
}
