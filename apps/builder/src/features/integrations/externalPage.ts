import { pageNavigation } from '../../routing/loadFullPage';

/** Leaves the app for another site (a service's sign-in page). */
export function openExternalPage(url: string): void {
  pageNavigation.assign(url);
}
