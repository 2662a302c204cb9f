import type { ApiKeyConnectBody, AutoresponderService, Target } from '@quizbeam/contracts/integrations';
import type { z } from 'zod';
import type { OutboundHttpClient } from '../../../outbound/guardedHttpClient';
import type { ServiceSettings } from './serviceSettings';

/**
 * One client per email service behind this interface, each written against that service's public API. A
 * client never stores anything itself: it gets the connection's decrypted credentials and hands back new ones
 * (a refreshed token) through `saveCredentials`; every request goes through `http`, the guarded outbound
 * client.
 */

/** What a lead carries to a service. Tags and fields where the service has them (see the README's table). */
export interface SubscriberLead {
  email: string;
  /** Null when the quiz does not ask for a name. */
  name: string | null;
  quizName: string;
  outcomeName: string | null;
  /** A scored quiz's score, sent as a field where the service takes one without setup; null for general quizzes. */
  score: number | null;
  /**
   * Each answer as a person reads it (a multi-select's labels joined, a number with its unit, a text), sent
   * as a field where the service takes one without setup; never as tags (a tag per typed text or number would
   * clutter the account's tags). Absent: none.
   */
  answers?: { questionId: number; question: string; display: string }[];
  /** A scored quiz's categories, sent like the score (as fields where the service takes them). Absent: none. */
  categories?: { name: string; percent: number }[];
  /**
   * The capture form's fields the marketer mapped to this service's merge or custom fields: the field's name
   * on the service as typed and the value as text (a checkbox "Yes" or "No"). Absent: none.
   */
  fields?: { name: string; value: string }[];
  /** The visitor's phone (E.164), for the service's own phone field where it has one. Absent or null: none. */
  phone?: string | null;
  /** `quizbeam`, `quiz: {quiz name}`, `outcome: {outcome name}`: the tags services that have tags get. */
  tags: string[];
  /** Lead id × destination: sent where the service takes one; every retry sends the same. */
  idempotencyKey: string;
}

export interface ClientContext<Credentials> {
  http: OutboundHttpClient;
  settings: ServiceSettings;
  credentials: Credentials;
  /** Persists credentials that changed (a refreshed OAuth token), sealed, before the call goes on. */
  saveCredentials(next: Credentials): Promise<void>;
  now(): Date;
  /** The connection's id: what a client keeps briefly about the account (its custom fields) is kept under it. */
  connectionId?: string;
}

export interface ConnectContext {
  http: OutboundHttpClient;
  settings: ServiceSettings;
  now(): Date;
}

/**
 * Why a call failed, for the delivery pipeline and the Integrations page:
 * - `unauthorized`: the key or grant no longer works (after one refresh where tokens expire); the
 *   connection turns inactive and its deliveries wait for a reconnect;
 * - `retryable`: rate limited, 5xx, a network error, an answer that is not what the API sends (HTML);
 * - `permanent`: the service refused this lead or this target (bad email, unknown list): no retry helps.
 */
export type ServiceErrorKind = 'unauthorized' | 'retryable' | 'permanent';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: {
      statusCode?: number | null;
      /** From Retry-After or the service's own reset header, when it said. */
      retryAfterMs?: number | null;
      /** The first 2 KB of the answer. */
      responseExcerpt?: string | null;
      /** Connect only: which input the service refused (`apiKey`, `apiUrl`, `subdomain`, `hashKey`). */
      field?: keyof Omit<ApiKeyConnectBody, 'connectionName' | 'connectionId'>;
    } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** A successful call's record for the ledger: the last request's status and answer excerpt. */
export interface SubscribeResult {
  statusCode: number;
  responseExcerpt: string | null;
  /** What the delivery log should say of a lead that went through short of something (a field left out). */
  notes?: string[];
}

interface ClientBase<Credentials> {
  service: AutoresponderService;
  /** Parses the decrypted credentials document; a document that fails is a connection to reconnect. */
  credentialsSchema: z.ZodType<Credentials>;
  /** Throws ServiceError `unauthorized` when the credentials no longer work. */
  checkStatus(context: ClientContext<Credentials>): Promise<void>;
  listTargets(context: ClientContext<Credentials>): Promise<Target[]>;
  /** Adds or updates the contact (never a duplicate on a retry) on the target, with tags and fields. */
  subscribe(
    context: ClientContext<Credentials>,
    targetId: string,
    lead: SubscriberLead,
  ): Promise<SubscribeResult>;
}

export interface ApiKeyClient<Credentials> extends ClientBase<Credentials> {
  auth: 'apikey';
  /** Checks the typed credentials with the service and answers what to store; a refusal names the field. */
  connect(
    context: ConnectContext,
    input: Omit<ApiKeyConnectBody, 'connectionName' | 'connectionId'>,
  ): Promise<Credentials>;
}

export interface OAuthClient<Credentials> extends ClientBase<Credentials> {
  auth: 'oauth';
  /** Whether the service takes a PKCE challenge (S256) with the authorize URL. */
  pkce: boolean;
  authorizeUrl(
    settings: ServiceSettings,
    input: { state: string; redirectUri: string; codeChallenge?: string },
  ): string;
  /** Exchanges the code and discovers what calls need (data center, account id); answers what to store. */
  exchangeCode(
    context: ConnectContext,
    input: { code: string; redirectUri: string; codeVerifier?: string },
  ): Promise<Credentials>;
}

export type AutoresponderClient<Credentials = unknown> = ApiKeyClient<Credentials> | OAuthClient<Credentials>;

export type CredentialField = NonNullable<ServiceError['details']['field']>;

/** A typed credential, trimmed; an empty one flags its field. */
export function requiredCredential(
  value: string | undefined,
  field: CredentialField,
  message: string,
): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') throw new ServiceError('permanent', message, { field });
  return trimmed;
}

/**
 * Connect: the service refusing the typed credentials (as `isRefusal` tells it) is the input's fault, so
 * the refusal flags that field with a message saying where to find the right value.
 */
export async function refusalFlagsField<T>(
  check: () => Promise<T>,
  isRefusal: (error: ServiceError) => boolean,
  field: CredentialField,
  message: string,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ServiceError && isRefusal(error)) {
      throw new ServiceError('permanent', message, { ...error.details, field });
    }
    throw error;
  }
}
