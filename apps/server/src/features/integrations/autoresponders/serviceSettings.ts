import type { AutoresponderService } from '@quizbeam/contracts/integrations';

/**
 * Where each service lives and how Quizbeam is registered with it, from the environment: every URL is
 * `<SERVICE>_API_URL`, `<SERVICE>_AUTHORIZE_URL`, `<SERVICE>_TOKEN_URL` (and `MAILCHIMP_METADATA_URL`),
 * defaulting to the real service, so tests and trials point them at the local fakes (`npm run fakes`).
 * OAuth apps are `<SERVICE>_CLIENT_ID` and `<SERVICE>_CLIENT_SECRET`.
 */
export interface ServiceSettings {
  apiUrl: string;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  /** Mailchimp only: where a token's data center is discovered. */
  metadataUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  /** Requests per second this server sends one connection (below the service's documented limit). */
  requestsPerSecond: number;
}

interface Defaults {
  apiUrl: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  metadataUrl?: string;
  requestsPerSecond: number;
}

/*
 * ActiveCampaign's API URL and Sendlane's site address are typed by the user; their API_URL defaults only
 * shape what the user's address is turned into (see their clients). Rates: each service's documented
 * limits with headroom (Drip 3,600/hour, Kit and AWeber 120/minute, ActiveCampaign 5/s).
 */
export const SERVICE_DEFAULTS: Record<AutoresponderService, Defaults> = {
  mailchimp: {
    apiUrl: 'https://{dc}.api.mailchimp.com/3.0',
    authorizeUrl: 'https://login.mailchimp.com/oauth2/authorize',
    tokenUrl: 'https://login.mailchimp.com/oauth2/token',
    metadataUrl: 'https://login.mailchimp.com/oauth2/metadata',
    requestsPerSecond: 10,
  },
  aweber: {
    apiUrl: 'https://api.aweber.com/1.0',
    authorizeUrl: 'https://auth.aweber.com/oauth2/authorize',
    tokenUrl: 'https://auth.aweber.com/oauth2/token',
    requestsPerSecond: 1.5,
  },
  getresponse: {
    apiUrl: 'https://api.getresponse.com/v3',
    authorizeUrl: 'https://app.getresponse.com/oauth2_authorize.html',
    tokenUrl: 'https://api.getresponse.com/v3/token',
    requestsPerSecond: 10,
  },
  activecampaign: { apiUrl: 'https://{account}.api-us1.com/api/3', requestsPerSecond: 4 },
  sendlane: { apiUrl: 'https://{subdomain}.sendlane.com/api/v1', requestsPerSecond: 3 },
  drip: {
    apiUrl: 'https://api.getdrip.com/v2',
    authorizeUrl: 'https://www.getdrip.com/oauth/authorize',
    tokenUrl: 'https://www.getdrip.com/oauth/token',
    requestsPerSecond: 0.9,
  },
  convertkit: { apiUrl: 'https://api.convertkit.com/v3', requestsPerSecond: 1.5 },
  platformly: { apiUrl: 'https://api.platform.ly', requestsPerSecond: 5 },
};

export const envPrefix = (service: AutoresponderService) => service.toUpperCase();

export function readServiceSettings(
  service: AutoresponderService,
  env: NodeJS.ProcessEnv = process.env,
): ServiceSettings {
  const defaults: Defaults = SERVICE_DEFAULTS[service];
  const prefix = envPrefix(service);
  const read = (name: string) => {
    const value = env[`${prefix}_${name}`]?.trim();
    return value ? value : undefined;
  };
  const rate = Number(read('REQUESTS_PER_SECOND'));
  return {
    apiUrl: (read('API_URL') ?? defaults.apiUrl).replace(/\/+$/, ''),
    authorizeUrl: read('AUTHORIZE_URL') ?? defaults.authorizeUrl ?? null,
    tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl ?? null,
    metadataUrl: read('METADATA_URL') ?? defaults.metadataUrl ?? null,
    clientId: read('CLIENT_ID') ?? null,
    clientSecret: read('CLIENT_SECRET') ?? null,
    requestsPerSecond: Number.isFinite(rate) && rate > 0 ? rate : defaults.requestsPerSecond,
  };
}
