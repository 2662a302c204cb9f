import { pageUrl } from '../config/clientConfig';

/** How the app leaves the page: one object, so tests can stand in for it (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Leaves the single-page app: the server renders the next page and the app starts afresh. */
export function loadFullPage(path: string): void {
  pageNavigation.assign(pageUrl(path));
}
