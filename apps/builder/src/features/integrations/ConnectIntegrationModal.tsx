import {
  API_KEY_FIELD_LABELS,
  API_KEY_FIELDS,
  type ApiKeyField,
  AUTORESPONDER_LABELS,
  type AutoresponderService,
  connectionNameSchema,
  isApiKeyService,
} from '@quizbeam/contracts/integrations';
import { useState } from 'react';
import { FormModal } from '../../ui/formModal/FormModal';
import { TextInputField } from '../../ui/TextInputField';
import { CONNECTION_NAME_HINT, fieldRequiredText, OAUTH_NOTE } from './integrationTexts';
import {
  type ConnectErrors,
  type ConnectInput,
  type ConnectValues,
  useConnectIntegration,
} from './useConnectIntegration';

/** Secrets are typed into password inputs; the addresses stay readable. */
const SECRET_FIELDS: ReadonlySet<ApiKeyField> = new Set(['apiKey', 'hashKey']);
const PLACEHOLDERS: Partial<Record<ApiKeyField, string>> = {
  apiUrl: 'https://youraccount.api-us1.com',
  subdomain: 'yourcompany',
};

interface ConnectIntegrationModalProps {
  service: AutoresponderService;
  /** Reconnect: the connection that gets new credentials, its name filled in. */
  reconnecting?: { id: string; name: string };
  onClose: () => void;
}

function credentialFieldsOf(service: AutoresponderService) {
  if (!isApiKeyService(service)) return [];
  const labels = API_KEY_FIELD_LABELS[service];
  return API_KEY_FIELDS[service].map((field: ApiKeyField) => ({ field, label: labels[field] ?? field }));
}

/** What the browser can tell before asking: the contracts' name rule, and every credential typed in. */
function browserErrors(values: ConnectValues, service: AutoresponderService): ConnectErrors {
  const errors: ConnectErrors = {};
  const name = connectionNameSchema.safeParse(values.connectionName);
  if (!name.success) errors.connectionName = name.error.issues[0]?.message;
  for (const { field, label } of credentialFieldsOf(service)) {
    if (!values[field]?.trim()) errors[field] = fieldRequiredText(label);
  }
  return errors;
}

const trimmed = (values: ConnectValues): ConnectValues =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value?.trim()])) as ConnectValues;

/** The connect form of one service: its name, plus the credentials an API-key service asks for. */
export function ConnectIntegrationModal({ service, reconnecting, onClose }: ConnectIntegrationModalProps) {
  const connect = useConnectIntegration();
  const [values, setValues] = useState<ConnectValues>({ connectionName: reconnecting?.name ?? '' });
  const [hasTried, setHasTried] = useState(false);
  const [refused, setRefused] = useState<ConnectErrors>({});
  const label = AUTORESPONDER_LABELS[service];

  function change(input: ConnectInput, value: string) {
    setValues((current) => ({ ...current, [input]: value }));
    // A refusal's flag stays until that input is changed.
    setRefused(({ [input]: _changed, ...others }) => others);
  }

  function validate() {
    setHasTried(true);
    setRefused({});
    return Object.keys(browserErrors(values, service)).length === 0;
  }

  async function submit() {
    const flagged = await connect(service, trimmed(values), reconnecting?.id);
    if (!flagged) {
      // By API key the app shows the connected page; by OAuth it is leaving for the service's page,
      // so the button stays off until then.
      if (isApiKeyService(service)) onClose();
      return true;
    }
    setRefused(flagged);
    return false;
  }

  // Once the user tried to connect, each input's message follows what is typed.
  const errors: ConnectErrors = { ...(hasTried ? browserErrors(values, service) : {}), ...refused };
  return (
    <FormModal
      title={reconnecting ? `Reconnect ${reconnecting.name}` : `Connect ${label}`}
      formClassName="connect-form"
      submitLabel="Connect"
      validate={validate}
      onSubmit={submit}
      onCancel={onClose}
    >
      {!isApiKeyService(service) && <p className="connect-form__note">{OAUTH_NOTE}</p>}
      <TextInputField
        label="Name"
        value={values.connectionName}
        onChange={(value) => change('connectionName', value)}
        placeholder={`My ${label} account`}
        errorMessage={errors.connectionName}
        hint={CONNECTION_NAME_HINT}
        required
      />
      {credentialFieldsOf(service).map(({ field, label: fieldLabel }) => (
        <TextInputField
          key={field}
          label={fieldLabel}
          type={SECRET_FIELDS.has(field) ? 'password' : 'text'}
          autoComplete="off"
          value={values[field] ?? ''}
          onChange={(value) => change(field, value)}
          placeholder={PLACEHOLDERS[field]}
          errorMessage={errors[field]}
          required
        />
      ))}
    </FormModal>
  );
}
