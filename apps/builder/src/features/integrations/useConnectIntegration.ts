import {
  type ApiKeyField,
  type AutoresponderService,
  connectErrorSchema,
  connectionStatusEndpoint,
  connectionTargetsEndpoint,
  connectWithApiKeyEndpoint,
  isApiKeyService,
  listActiveConnectionsEndpoint,
  listConnectionsEndpoint,
  oauthAuthUrlEndpoint,
  saveConnectionNameEndpoint,
} from '@quizbeam/contracts/integrations';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';
import { useMe } from '../session/useMe';
import { openExternalPage } from './externalPage';

/** The inputs of a connect form: the name, and the credentials an API-key service asks for. */
export type ConnectInput = 'connectionName' | ApiKeyField;
export type ConnectValues = { connectionName: string } & Partial<Record<ApiKeyField, string>>;
export type ConnectErrors = Partial<Record<ConnectInput, string>>;

const INPUT_NAMES: readonly string[] = ['connectionName', 'apiUrl', 'apiKey', 'subdomain', 'hashKey'];

/** The inputs a refusal names, so the form flags them; "name" is the connection name too. */
function flaggedInputs(fields: Record<string, string>): ConnectErrors {
  const errors: ConnectErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const input = field === 'name' ? 'connectionName' : field;
    if (INPUT_NAMES.includes(input)) errors[input as ConnectInput] = message;
  }
  return errors;
}

/**
 * A refusal, or a service that could not be reached (503), is shown as the server words it, with the inputs
 * it names; anything else is the default error.
 */
function refusalOf(error: unknown): ConnectErrors {
  const worded = (status: number) => (status >= 400 && status < 500 && status !== 401) || status === 503;
  if (isApiError(error) && worded(error.status)) {
    showError(error.message);
    const parsed = connectErrorSchema.safeParse(error.body);
    return parsed.success ? flaggedInputs(parsed.data.fields ?? {}) : {};
  }
  showDefaultError(error);
  return {};
}

/**
 * Connects a service (or reconnects `connectionId`). By API key: the server checks the credentials with
 * the service, then the app shows the connected page. By OAuth: the authorize URL, the name the
 * connection will get, then the service's own page, which sends the user back to /integrations.
 * Resolves to null once connected (or leaving for the service), else to the inputs a refusal flags.
 */
export function useConnectIntegration() {
  const account = useMe().account.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connectingByKey = useEndpointMutation(connectWithApiKeyEndpoint);
  const askingAuthUrl = useEndpointMutation(oauthAuthUrlEndpoint);
  const savingName = useEndpointMutation(saveConnectionNameEndpoint);

  // A connect changes the account's connection lists, and a reconnect a connection's status and lists.
  const reloadConnections = () =>
    Promise.all(
      [
        listConnectionsEndpoint,
        listActiveConnectionsEndpoint,
        connectionStatusEndpoint,
        connectionTargetsEndpoint,
      ].map((declaration) =>
        queryClient.invalidateQueries({ queryKey: endpointKey(declaration, { params: { account } }) }),
      ),
    );

  return async function connect(
    service: AutoresponderService,
    { connectionName, ...credentials }: ConnectValues,
    connectionId?: string,
  ): Promise<ConnectErrors | null> {
    try {
      if (isApiKeyService(service)) {
        await connectingByKey.mutateAsync({
          params: { account, service },
          body: { connectionName, ...credentials, connectionId },
        });
        void reloadConnections();
        navigate(`/integrations/${service}/auth-success`);
      } else {
        const { url } = await askingAuthUrl.mutateAsync({
          params: { account, service },
          body: { connectionId },
        });
        await savingName.mutateAsync({ body: { connectionName } });
        openExternalPage(url);
      }
      return null;
    } catch (error) {
      return refusalOf(error);
    }
  };
}
