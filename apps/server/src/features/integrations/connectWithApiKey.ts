import {
  API_KEY_FIELD_LABELS,
  API_KEY_FIELDS,
  type ApiKeyConnectBody,
  type ApiKeyField,
  type ApiKeyService,
  type AutoresponderService,
  type Connection,
  isApiKeyService,
} from '@quizbeam/contracts/integrations';
import { AppError, notFound } from '../../shared/appError';
import type { AutoresponderClient } from './autoresponders/autoresponderClient';
import { AUTORESPONDER_CLIENTS, type AutoresponderClients } from './autoresponders/clientRegistry';
import {
  assertRoomForConnection,
  connectionOf,
  createConnection,
  ownedConnection,
} from './connectionRecords';
import { connectContextFor, type IntegrationDeps, nowOf } from './integrationDeps';
import { reconnect } from './reconnect';
import { connectRefusal } from './serviceErrorAnswers';

/** "API Key" → "API key", "Site Address" → "site address": acronyms stay as they are. */
const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');

export const missingFieldText = (label: string) => `Please enter the ${inSentence(label)}.`;

type TypedCredentials = Partial<Record<ApiKeyField, string>>;

/** The service's fields, all filled in, or a 400 flagging each empty one. */
function requiredFields(service: ApiKeyService, body: ApiKeyConnectBody): TypedCredentials {
  const typed: TypedCredentials = {};
  const missing: Partial<Record<ApiKeyField, string>> = {};
  for (const field of API_KEY_FIELDS[service]) {
    const value = body[field]?.trim();
    if (value) typed[field] = value;
    else missing[field] = missingFieldText(API_KEY_FIELD_LABELS[service][field] ?? field);
  }
  const messages = Object.values(missing);
  if (messages.length > 0) {
    throw new AppError('validation_failed', messages.join(' '), {}, { fields: missing });
  }
  return typed;
}

function apiKeyClientOf(
  service: AutoresponderService,
  clients: AutoresponderClients = AUTORESPONDER_CLIENTS,
) {
  const client: AutoresponderClient = clients[service];
  if (!isApiKeyService(service) || client.auth !== 'apikey') throw notFound();
  return { client, apiKeyService: service };
}

/**
 * Checks the typed credentials with the service before anything is stored, then stores them sealed: a new
 * connection, or (with `connectionId`) new credentials for that one, which wakes its waiting deliveries.
 */
export async function connectWithApiKey(
  deps: IntegrationDeps,
  accountId: string,
  service: AutoresponderService,
  body: ApiKeyConnectBody,
): Promise<Connection> {
  const { client, apiKeyService } = apiKeyClientOf(service, deps.clients);
  const existing = body.connectionId
    ? await ownedConnection(deps.db, accountId, service, body.connectionId)
    : null;
  const typed = requiredFields(apiKeyService, body);
  if (!existing) await assertRoomForConnection(deps.db, accountId);
  let credentials: unknown;
  try {
    credentials = await client.connect(connectContextFor(deps, service), typed);
  } catch (error) {
    throw connectRefusal(error);
  }
  if (existing) {
    const row = await reconnect(deps, existing, credentials, body.connectionName);
    return connectionOf(row);
  }
  return createConnection(
    deps.db,
    deps.secretBox,
    { accountId, service, displayName: body.connectionName, credentials },
    nowOf(deps),
  );
}
