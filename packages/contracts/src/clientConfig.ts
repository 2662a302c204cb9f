/**
 * What the server tells the builder at page load (embedded in the builder's pages as JSON). No zod here:
 * the sign-in page's bundle reads it and must stay small.
 */
export interface ClientConfig {
  basePath: string;
  supportEmail: string;
  helpUrl: string;
  /** Where published quizzes live (PUBLISH_URL), for published links and the Domains screen's CNAME. */
  publishUrl: string;
}

export const CLIENT_CONFIG_ELEMENT_ID = 'quizbeam-config';

/** Every field of the config; the type makes a field added to ClientConfig fail to compile until listed. */
const CLIENT_CONFIG_FIELDS: Record<keyof ClientConfig, true> = {
  basePath: true,
  supportEmail: true,
  helpUrl: true,
  publishUrl: true,
};

/** The config in a parsed JSON value (only its own fields), or null when a field is missing or not a string. */
export function parseClientConfig(value: unknown): ClientConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  const config: Partial<Record<keyof ClientConfig, string>> = {};
  for (const name of Object.keys(CLIENT_CONFIG_FIELDS) as (keyof ClientConfig)[]) {
    const field = fields[name];
    if (typeof field !== 'string') return null;
    config[name] = field;
  }
  return config as ClientConfig;
}
