import { pageUrl } from '../config/clientConfig';

/** Leaves the single-page app: the server renders the next page and the app starts afresh. */
export function loadFullPage(path: string): void {
  window.location.assign(pageUrl(path));
}
