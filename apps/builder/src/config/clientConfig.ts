import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  parseClientConfig,
} from '@quizbeam/contracts/clientConfig';

/** Used when the page was not served by the Quizbeam server (Vite dev server, unit tests). */
export const FALLBACK_CLIENT_CONFIG: ClientConfig = {
  basePath: '',
  supportEmail: 'support@quizbeam.app',
  helpUrl: 'https://quizbeam.app/help',
  publishUrl: 'http://127.0.0.1:3000',
};

export function readClientConfig(root: Document = document): ClientConfig {
  const element = root.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return FALLBACK_CLIENT_CONFIG;
  try {
    const parsed = parseClientConfig(JSON.parse(element.textContent));
    return parsed ? { ...parsed, basePath: withoutTrailingSlash(parsed.basePath) } : FALLBACK_CLIENT_CONFIG;
  } catch {
    return FALLBACK_CLIENT_CONFIG;
  }
}

function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

let cachedConfig: ClientConfig | undefined;

/** The config never changes while the page lives, so it is read from the document once. */
export function getClientConfig(): ClientConfig {
  cachedConfig ??= readClientConfig();
  return cachedConfig;
}

/** Full-page URL of a path under the base path (server pages and post-sign-in reloads). */
export function pageUrl(path: string): string {
  return `${getClientConfig().basePath}${path}`;
}
