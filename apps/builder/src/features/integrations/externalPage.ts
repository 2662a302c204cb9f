/** Leaves the app for another site (a service's sign-in page); a module of its own so tests can stand in for it. */
export function openExternalPage(url: string): void {
  window.location.assign(url);
}
