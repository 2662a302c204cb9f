import {
  AUTORESPONDER_LABELS,
  autoresponderServiceSchema,
  type Connection,
  connectionTargetsEndpoint,
  listActiveConnectionsEndpoint,
  type Target,
} from '@quizbeam/contracts/integrations';
import { skipToken } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../../api/ApiError';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { DEFAULT_ERROR_TEXT } from '../../../ui/notifications/DefaultErrorMessage';
import { useMe } from '../../session/useMe';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { chooseConnection } from './captureFormActions';

export const NO_INTEGRATIONS_TEXT = 'No integrations yet.';
export const CHOOSE_CONNECTION_LABEL = 'Choose a connection';
export const NOT_ACTIVE_CONNECTION_LABEL = 'A connection that is not active';
export const CHOOSE_TARGET_LABEL = 'Choose a list';
export const REMOVED_TARGET_LABEL = 'A list the service no longer has';
export const CONNECTION_FIRST_TEXT = 'Choose the connection in Form Integrations first.';
export const NO_TARGETS_TEXT = 'This connection has no lists yet.';

const NONE = '';

/** The quiz's connection, as the quiz stores it: the service by its name, and the connection's id. */
function useChosenConnection(): { service: Connection['serviceName']; id: string } | null {
  const id = useQuizSelector((quiz) => quiz.leadCaptureSettings.connectionId);
  const serviceName = useQuizSelector((quiz) => quiz.leadCaptureSettings.targetServiceName);
  const service = autoresponderServiceSchema.safeParse(serviceName);
  return id && service.success ? { service: service.data, id } : null;
}

const itemsOf = ({ items }: { items: Connection[] }) => items;
const targetsOf = ({ targets }: { targets: Target[] }) => targets;

function connectionOptions(connections: Connection[], chosenId: string | null): DropdownOption<string>[] {
  const options = [
    { value: NONE, label: CHOOSE_CONNECTION_LABEL },
    ...connections.map((connection) => ({
      value: connection.id,
      label: `${connection.displayName} (${AUTORESPONDER_LABELS[connection.serviceName]})`,
    })),
  ];
  // A connection chosen before it turned inactive (or was cancelled) stays shown, so the quiz says where it points.
  if (chosenId && !connections.some((connection) => connection.id === chosenId))
    options.push({ value: chosenId, label: NOT_ACTIVE_CONNECTION_LABEL });
  return options;
}

/** The quiz's connection, among the account's active ones; changing it clears the chosen lists. */
export function IntegrationConnectionPicker() {
  const account = useMe().account.id;
  // The Integrations page loads them again on a connect or a cancel.
  const connections = useEndpointQuery(
    listActiveConnectionsEndpoint,
    { params: { account } },
    { select: itemsOf },
  );
  const chosenId = useQuizSelector((quiz) => quiz.leadCaptureSettings.connectionId);
  const dispatch = useQuizDispatch();
  if (connections.isPending) return <p className="editor-tab-card__note">Loading integrations…</p>;
  const list = connections.data ?? [];
  if (list.length === 0 && !chosenId) {
    return (
      <div className="capture-form__empty">
        <p>{NO_INTEGRATIONS_TEXT}</p>
        <Link to="/integrations">Add an integration</Link>
      </div>
    );
  }
  return (
    <Dropdown
      label="Connection"
      options={connectionOptions(list, chosenId)}
      value={chosenId ?? NONE}
      onChange={(id) => {
        if (id === chosenId) return;
        dispatch(chooseConnection(list.find((connection) => connection.id === id) ?? null));
      }}
    />
  );
}

function targetOptions(targets: Target[], targetId: string | null): DropdownOption<string>[] {
  const options = [
    { value: NONE, label: CHOOSE_TARGET_LABEL },
    ...targets.map((target) => ({ value: target.id, label: target.displayName })),
  ];
  if (targetId && !targets.some((target) => target.id === targetId))
    options.push({ value: targetId, label: REMOVED_TARGET_LABEL });
  return options;
}

/** The server words why the service refused (a revoked grant, say); a lost connection has no words. */
function serverText(error: Error): string | null {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return null;
  const text = (error.body as { error?: unknown }).error;
  return typeof text === 'string' && text.trim() ? text : null;
}

interface TargetPickerProps {
  targetId: string | null;
  onChange: (targetId: string | null) => void;
}

/** The list (audience, campaign, form…) of the quiz's connection that leads join. */
export function IntegrationListPicker({ targetId, onChange }: TargetPickerProps) {
  const account = useMe().account.id;
  const connection = useChosenConnection();
  const targets = useEndpointQuery(
    connectionTargetsEndpoint,
    connection ? { params: { account, service: connection.service, id: connection.id } } : skipToken,
    // A refusal (say, a revoked grant) is shown beside the dropdown instead.
    { select: targetsOf, meta: { handlesError: () => true } },
  );
  if (!connection) return <p className="editor-tab-card__note">{CONNECTION_FIRST_TEXT}</p>;
  if (targets.isPending) return <p className="editor-tab-card__note">Loading lists…</p>;
  if (targets.isError) {
    return (
      <div className="capture-form__targets-error" role="alert">
        <p>{serverText(targets.error) ?? DEFAULT_ERROR_TEXT}</p>
        <button type="button" className="button button--secondary" onClick={() => targets.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (targets.data.length === 0 && !targetId)
    return <p className="editor-tab-card__note">{NO_TARGETS_TEXT}</p>;
  return (
    <Dropdown
      label="List"
      options={targetOptions(targets.data, targetId)}
      value={targetId ?? NONE}
      onChange={(id) => onChange(id === NONE ? null : id)}
    />
  );
}

interface IntegrationTargetPickerProps extends TargetPickerProps {
  /** An outcome's settings pick only the list: the connection is the quiz's. */
  withConnection: boolean;
}

/** Where an `api` destination sends leads: the connection (quiz-wide) and its list. */
export function IntegrationTargetPicker({
  withConnection,
  targetId,
  onChange,
}: IntegrationTargetPickerProps) {
  const hasConnection = useChosenConnection() !== null;
  return (
    <div className="capture-form__fields">
      {withConnection && <IntegrationConnectionPicker />}
      {(hasConnection || !withConnection) && (
        <IntegrationListPicker targetId={targetId} onChange={onChange} />
      )}
    </div>
  );
}
