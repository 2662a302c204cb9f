import type { Permissions } from '@quizbeam/contracts/auth';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '../adminTexts';
import { CheckboxField } from '../ui/CheckboxField';

interface PermissionCheckboxesProps {
  permissions: Permissions;
  onChange: (permissions: Permissions) => void;
}

/** The four permissions of an account, one checkbox each. */
export function PermissionCheckboxes({ permissions, onChange }: PermissionCheckboxesProps) {
  return (
    <fieldset className="admin-fieldset">
      <legend className="field__label">Permissions</legend>
      {PERMISSION_KEYS.map((key) => (
        <CheckboxField
          key={key}
          label={PERMISSION_LABELS[key]}
          checked={permissions[key]}
          onChange={(checked) => onChange({ ...permissions, [key]: checked })}
        />
      ))}
    </fieldset>
  );
}
