import type { AutoresponderService, Target } from '@quizbeam/contracts/integrations';
import { ServiceError } from './autoresponders/autoresponderClient';
import { deleteConnectionRow, ownedConnection } from './connectionRecords';
import { clientFor, markConnectionState, wakeWaitingDeliveries } from './connectionStore';
import { type IntegrationDeps, nowOf } from './integrationDeps';
import { serviceCallRefusal } from './serviceErrorAnswers';

export interface ConnectionStatus {
  active: boolean;
  reason: string | null;
}

/**
 * Asks the service whether the connection works and records it. Only a refused key or grant turns it
 * inactive: a service that is down or rate limiting says nothing about the credentials, so the state stays.
 */
export async function checkConnectionStatus(
  deps: IntegrationDeps,
  accountId: string,
  service: AutoresponderService,
  connectionId: string,
): Promise<ConnectionStatus> {
  const row = await ownedConnection(deps.db, accountId, service, connectionId);
  try {
    const { client, context } = clientFor(deps, row);
    await client.checkStatus(context);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.kind === 'unauthorized') {
      await markConnectionState(deps.db, row.id, 'inactive', error.message, nowOf(deps));
    }
    return { active: false, reason: error.message };
  }
  await markConnectionState(deps.db, row.id, 'active', null, nowOf(deps));
  return { active: true, reason: null };
}

/** The lists, audiences, campaigns or forms a lead can go to; a refused key also turns the connection inactive. */
export async function listConnectionTargets(
  deps: IntegrationDeps,
  accountId: string,
  service: AutoresponderService,
  connectionId: string,
): Promise<Target[]> {
  const row = await ownedConnection(deps.db, accountId, service, connectionId);
  let targets: Target[];
  try {
    const { client, context } = clientFor(deps, row);
    targets = await client.listTargets(context);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'unauthorized') {
      await markConnectionState(deps.db, row.id, 'inactive', error.message, nowOf(deps));
    }
    throw serviceCallRefusal(error);
  }
  if (row.state === 'inactive') await markConnectionState(deps.db, row.id, 'active', null, nowOf(deps));
  return targets;
}

/** Spec §7 "Cancel": the connection and its sealed credentials go; deliveries waiting for it are due now, to fail. */
export async function deleteConnection(
  deps: IntegrationDeps,
  accountId: string,
  service: AutoresponderService,
  connectionId: string,
): Promise<void> {
  const row = await ownedConnection(deps.db, accountId, service, connectionId);
  await deleteConnectionRow(deps.db, row.id);
  await wakeWaitingDeliveries(deps.db, row.id, nowOf(deps));
}
