import { z } from 'zod';
import { accountParam, endpoint, idParam, okResponseSchema, redirectAnswer } from './endpoint';
import { errorBodySchema } from './errors';

/*
 * Integrations: an account's connections to eight email services, each with its targets (a list, an audience,
 * a campaign, a form…) that a quiz's leads go to.
 */

export const autoresponderServiceNames = [
  'mailchimp',
  'aweber',
  'getresponse',
  'activecampaign',
  'sendlane',
  'drip',
  'convertkit',
  'platformly',
] as const;
export const autoresponderServiceSchema = z.enum(autoresponderServiceNames);
export type AutoresponderService = z.infer<typeof autoresponderServiceSchema>;

/** The services' names as the picker shows them, in its order. */
export const AUTORESPONDER_LABELS: Record<AutoresponderService, string> = {
  mailchimp: 'MailChimp',
  aweber: 'AWeber',
  getresponse: 'GetResponse',
  activecampaign: 'ActiveCampaign',
  sendlane: 'Sendlane',
  drip: 'Drip',
  convertkit: 'ConvertKit',
  platformly: 'Platformly',
};

/** The fields an API-key service asks for besides the name; the others connect by OAuth. */
export const API_KEY_FIELDS = {
  activecampaign: ['apiUrl', 'apiKey'],
  convertkit: ['apiKey'],
  platformly: ['apiKey'],
  sendlane: ['subdomain', 'apiKey', 'hashKey'],
} as const satisfies Partial<Record<AutoresponderService, readonly ApiKeyField[]>>;
export type ApiKeyService = keyof typeof API_KEY_FIELDS;
export type ApiKeyField = 'apiUrl' | 'apiKey' | 'subdomain' | 'hashKey';

/** Labels of those fields per service (ConvertKit's key is its API secret, Sendlane's subdomain its site address). */
export const API_KEY_FIELD_LABELS: Record<ApiKeyService, Partial<Record<ApiKeyField, string>>> = {
  activecampaign: { apiUrl: 'API URL', apiKey: 'API Key' },
  convertkit: { apiKey: 'API Secret' },
  platformly: { apiKey: 'API Key' },
  sendlane: { subdomain: 'Site Address', apiKey: 'API Key', hashKey: 'Hash Key' },
};

export const OAUTH_SERVICES = ['mailchimp', 'aweber', 'getresponse', 'drip'] as const;
export type OAuthService = (typeof OAUTH_SERVICES)[number];

export const isApiKeyService = (service: AutoresponderService): service is ApiKeyService =>
  service in API_KEY_FIELDS;

/** A connection's name: required, and only latin letters, digits, round brackets, space and apostrophe. */
export const CONNECTION_NAME_PATTERN = /^[A-Za-z0-9() ']+$/;
export const CONNECTION_NAME_REQUIRED_TEXT = 'Please enter a name for the integration.';
export const CONNECTION_NAME_CHARACTERS_TEXT =
  'Use only latin letters, digits, round brackets, spaces and apostrophes.';
export const MAX_CONNECTION_NAME_LENGTH = 100;

export const connectionNameSchema = z
  .string()
  .trim()
  .min(1, CONNECTION_NAME_REQUIRED_TEXT)
  .max(MAX_CONNECTION_NAME_LENGTH, `The name is too long: ${MAX_CONNECTION_NAME_LENGTH} characters at most.`)
  .regex(CONNECTION_NAME_PATTERN, CONNECTION_NAME_CHARACTERS_TEXT);

export const connectedText = (service: AutoresponderService) =>
  `Your ${AUTORESPONDER_LABELS[service]} account has been successfully connected to Quizbeam.`;

/** A connection as the Integrations page lists it, plus its last known state (the status call is live). */
export const connectionSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  serviceName: autoresponderServiceSchema,
  state: z.enum(['active', 'inactive']),
});
export type Connection = z.infer<typeof connectionSchema>;

export const targetSchema = z.object({ id: z.string(), displayName: z.string() });
export type Target = z.infer<typeof targetSchema>;

/** A refused connect names the inputs that caused it, so the form can flag them. */
export const connectErrorSchema = errorBodySchema.extend({
  fields: z.record(z.string(), z.string()).optional(),
});
export type ConnectError = z.infer<typeof connectErrorSchema>;

const accountParams = z.object({ account: accountParam });
const serviceParams = z.object({ account: accountParam, service: autoresponderServiceSchema });
const connectionParams = z.object({
  account: accountParam,
  service: autoresponderServiceSchema,
  id: idParam,
});

const connectionsResponse = z.object({ items: z.array(connectionSchema) });

export const listConnectionsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/autoresponders/connections',
  access: 'user',
  summary: "The account's connections to email services",
  params: accountParams,
  response: connectionsResponse,
});

/** Those whose last check or delivery found them working: what the Capture Form offers. */
export const listActiveConnectionsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/autoresponders/connections/active',
  access: 'user',
  summary: "The account's working connections",
  params: accountParams,
  response: connectionsResponse,
});

/**
 * Starts an OAuth connect (or a reconnect of `connectionId`): the service's authorize URL with a signed,
 * single-use state bound to this session, and the callback address to register with the service.
 */
export const oauthAuthUrlEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/autoresponders/:service/oauth/auth-url',
  access: 'user',
  summary: "The service's authorize URL for a new connection or a reconnect",
  params: serviceParams,
  body: z.object({ connectionId: idParam.optional() }),
  response: z.object({ url: z.string(), redirectUrlWithoutExtraParameters: z.string() }),
});

/**
 * Where a service sends the browser back after its consent page: it connects (or reconnects) and sends the
 * browser on to the Integrations page's success or failure screen. The query (code, state or error) is the
 * service's, read leniently: whatever it holds, the browser lands on one of those screens.
 */
export const oauthCallbackEndpoint = endpoint({
  method: 'GET',
  path: '/oauth/autoresponders/:service/callback',
  access: 'public',
  page: true,
  underBasePath: true,
  summary: "The service's OAuth callback: connects, then sends the browser to the Integrations page",
  params: z.object({ service: autoresponderServiceSchema }),
  response: redirectAnswer,
});

/** The name of the connection the session's OAuth round trip in flight will make. */
export const saveConnectionNameEndpoint = endpoint({
  method: 'POST',
  path: '/oauth/autoresponders/save-connection-name',
  access: 'user',
  summary: 'Names the connection the OAuth round trip in flight will make',
  body: z.object({ connectionName: connectionNameSchema }),
  response: okResponseSchema,
});

export const apiKeyConnectBodySchema = z.object({
  connectionName: connectionNameSchema,
  apiUrl: z.string().trim().max(500).optional(),
  apiKey: z.string().trim().max(500).optional(),
  subdomain: z.string().trim().max(500).optional(),
  hashKey: z.string().trim().max(500).optional(),
  /** Reconnect: new credentials for this connection instead of a new one. */
  connectionId: idParam.optional(),
});
export type ApiKeyConnectBody = z.infer<typeof apiKeyConnectBodySchema>;

/** Checks the credentials with the service before anything is stored; a refusal flags the fields (400). */
export const connectWithApiKeyEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/autoresponders/:service/apikey',
  access: 'user',
  summary: 'Connects an email service by API key (or reconnects one)',
  params: serviceParams,
  body: apiKeyConnectBodySchema,
  response: connectionSchema,
});

/** Cancel: the connection and its stored credentials go; waiting deliveries to it fail. */
export const deleteConnectionEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/autoresponders/:service/connections/delete',
  access: 'user',
  summary: 'Disconnects an email service',
  params: serviceParams,
  body: z.object({ connectionId: idParam }),
  response: okResponseSchema,
});

export const connectionStatusEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/autoresponders/:service/:id/status',
  access: 'user',
  summary: 'Asks the service whether the connection works',
  params: connectionParams,
  response: z.object({ active: z.boolean(), reason: z.string().nullable() }),
});

export const connectionTargetsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/autoresponders/:service/:id/targets',
  access: 'user',
  summary: 'The lists, audiences, campaigns or forms a lead can go to',
  params: connectionParams,
  response: z.object({ targets: z.array(targetSchema) }),
});
