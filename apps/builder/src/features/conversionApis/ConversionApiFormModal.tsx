import {
  CONVERSION_API_NAME_MAX_LENGTH,
  CONVERSION_API_NAME_REQUIRED_TEXT,
  CONVERSION_PLATFORM_LABELS,
  type ConversionApi,
  type ConversionPlatform,
  type CreateConversionApiBody,
  conversionPlatforms,
  platformIdProblem,
  secretProblem,
  testEventCodeProblem,
} from '@quizbeam/contracts/conversionApis';
import { useState } from 'react';
import { Dropdown } from '../../ui/dropdown/Dropdown';
import { FormModal } from '../../ui/formModal/FormModal';
import { TextInputField } from '../../ui/TextInputField';
import {
  ID_LABELS,
  ID_PLACEHOLDERS,
  keepSecretHint,
  SECRET_HINTS,
  SECRET_LABELS,
  TEST_EVENT_CODE_HINT,
} from './conversionApiTexts';

/** What Add and Edit send; on Edit a blank secret keeps the saved one. */
export type ConversionApiForm = CreateConversionApiBody;

interface ConversionApiFormModalProps {
  /** The conversion API being edited; absent for Add. */
  editing?: ConversionApi;
  /** Resolves true when saved (the modal then closes); otherwise the typed values stay. */
  onSave: (body: ConversionApiForm) => Promise<boolean>;
  onCancel: () => void;
}

interface Typed {
  platform: ConversionPlatform;
  name: string;
  platformId: string;
  secret: string;
  testEventCode: string;
}

interface FieldErrors {
  name: string | null;
  platformId: string | null;
  secret: string | null;
  testEventCode: string | null;
}

const platformOptions = conversionPlatforms.map((platform) => ({
  value: platform,
  label: CONVERSION_PLATFORM_LABELS[platform],
}));

/** The same rules the server applies, on the trimmed values. */
const errorsOf = (typed: Typed, secretRequired: boolean): FieldErrors => ({
  name: typed.name.trim() === '' ? CONVERSION_API_NAME_REQUIRED_TEXT : null,
  platformId: platformIdProblem(typed.platform, typed.platformId.trim()),
  secret: secretProblem(typed.platform, typed.secret.trim(), secretRequired),
  testEventCode: typed.platform === 'meta' ? testEventCodeProblem(typed.testEventCode.trim()) : null,
});

function bodyOf(typed: Typed): ConversionApiForm {
  const common = {
    name: typed.name.trim(),
    platformId: typed.platformId.trim(),
    secret: typed.secret.trim(),
  };
  return typed.platform === 'meta'
    ? { platform: 'meta', ...common, testEventCode: typed.testEventCode.trim() }
    : { platform: 'ga4', ...common };
}

/**
 * Add Conversion API and Edit: the platform (chosen once), a name, the pixel or measurement ID, the access
 * token or API secret (never shown again once saved) and, for Meta, Events Manager's test event code.
 */
export function ConversionApiFormModal({ editing, onSave, onCancel }: ConversionApiFormModalProps) {
  const [typed, setTyped] = useState<Typed>({
    platform: editing?.platform ?? 'meta',
    name: editing?.name ?? '',
    platformId: editing?.platformId ?? '',
    secret: '',
    testEventCode: editing?.testEventCode ?? '',
  });
  const [tried, setTried] = useState(false);
  const secretRequired = !editing;
  const change = (patch: Partial<Typed>) => setTyped((current) => ({ ...current, ...patch }));
  // Once the user tried to save, each field's message follows what is typed.
  const shown = tried ? errorsOf(typed, secretRequired) : null;
  const { platform } = typed;

  function validate() {
    setTried(true);
    return Object.values(errorsOf(typed, secretRequired)).every((error) => error === null);
  }

  return (
    <FormModal
      title={editing ? 'Edit Conversion API' : 'Add Conversion API'}
      formClassName="conversion-api-form"
      submitLabel="Save"
      validate={validate}
      onSubmit={() => onSave(bodyOf(typed))}
      onCancel={onCancel}
    >
      <Dropdown
        label="Platform"
        options={platformOptions}
        value={platform}
        searchable={false}
        disabled={Boolean(editing)}
        onChange={(next) => change({ platform: next })}
      />
      <TextInputField
        label="Name"
        value={typed.name}
        onChange={(name) => change({ name })}
        errorMessage={shown?.name}
        maxLength={CONVERSION_API_NAME_MAX_LENGTH}
        required
      />
      <TextInputField
        label={ID_LABELS[platform]}
        value={typed.platformId}
        onChange={(platformId) => change({ platformId })}
        placeholder={ID_PLACEHOLDERS[platform]}
        errorMessage={shown?.platformId}
        required
      />
      <TextInputField
        label={SECRET_LABELS[platform]}
        type="password"
        autoComplete="off"
        value={typed.secret}
        onChange={(secret) => change({ secret })}
        errorMessage={shown?.secret}
        hint={editing ? keepSecretHint(editing) : SECRET_HINTS[platform]}
        required={secretRequired}
      />
      {platform === 'meta' && (
        <TextInputField
          label="Test event code (optional)"
          value={typed.testEventCode}
          onChange={(testEventCode) => change({ testEventCode })}
          placeholder="TEST12345"
          errorMessage={shown?.testEventCode}
          hint={TEST_EVENT_CODE_HINT}
        />
      )}
    </FormModal>
  );
}
