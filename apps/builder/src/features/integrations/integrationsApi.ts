import {
  type ApiKeyConnectBody,
  type ApiKeyService,
  type AutoresponderService,
  connectionStatusEndpoint,
  connectionTargetsEndpoint,
  connectWithApiKeyEndpoint,
  deleteConnectionEndpoint,
  listActiveConnectionsEndpoint,
  listConnectionsEndpoint,
  oauthAuthUrlEndpoint,
  saveConnectionNameEndpoint,
} from '@quizbeam/contracts/integrations';
import { call, callInBackground } from '../../api/apiClient';

/**
 * Where the account's connections are cached (TanStack Query keys). Connecting or disconnecting
 * invalidates the lists; a status or targets entry belongs to one connection.
 */
export const integrationsQueryKeys = {
  all: (account: string) => ['integrations', account] as const,
  list: (account: string) => ['integrations', account, 'list'] as const,
  active: (account: string) => ['integrations', account, 'active'] as const,
  status: (account: string, service: AutoresponderService, id: string) =>
    ['integrations', account, 'status', service, id] as const,
  targets: (account: string, service: AutoresponderService, id: string) =>
    ['integrations', account, 'targets', service, id] as const,
} as const;

export const listConnections = (account: string) =>
  call(listConnectionsEndpoint, { params: { account } }).then((answer) => answer.items);

export const listActiveConnections = (account: string) =>
  call(listActiveConnectionsEndpoint, { params: { account } }).then((answer) => answer.items);

/** Asks the service itself, which may take a while: the row says Loading meanwhile, not the page overlay. */
export const checkConnectionStatus = (account: string, service: AutoresponderService, id: string) =>
  callInBackground(connectionStatusEndpoint, { params: { account, service, id } });

export const listConnectionTargets = (account: string, service: AutoresponderService, id: string) =>
  call(connectionTargetsEndpoint, { params: { account, service, id } }).then((answer) => answer.targets);

export const deleteConnection = (account: string, service: AutoresponderService, connectionId: string) =>
  call(deleteConnectionEndpoint, { params: { account, service }, body: { connectionId } });

export const connectWithApiKey = (account: string, service: ApiKeyService, body: ApiKeyConnectBody) =>
  call(connectWithApiKeyEndpoint, { params: { account, service }, body });

export const oauthAuthUrl = (account: string, service: AutoresponderService, connectionId?: string) =>
  call(oauthAuthUrlEndpoint, { params: { account, service }, body: { connectionId } });

export const saveConnectionName = (connectionName: string) =>
  call(saveConnectionNameEndpoint, { body: { connectionName } });
