import { loadFullPage } from '../../routing/loadFullPage';

/** After signing in the whole app reloads at `path` (under the base path), starting from the new session. */
export function reloadIntoApp(path = '/'): void {
  loadFullPage(path);
}
