import { createAdminAccountEndpoint } from '@quizbeam/contracts/admin';
import type { Permissions } from '@quizbeam/contracts/auth';
import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../../api/endpointQuery';
import { Modal } from '../../ui/modal/Modal';
import { TextInputField } from '../../ui/TextInputField';
import { showServerError } from '../adminErrors';
import { ACCOUNT_NAME_REQUIRED_TEXT } from '../adminTexts';
import { CheckboxField } from '../ui/CheckboxField';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { useTakeChangedAccount } from './useTakeChangedAccount';

const NO_PERMISSIONS: Permissions = {
  isLimited: false,
  commercialFeatures: false,
  extraTemplates: false,
  proVersion: false,
};

interface NewAccountModalProps {
  onClose: () => void;
  /** With the address the set-password email went to. */
  onCreated: (email: string) => void;
}

/** Creates an account with its first user, as `npm run cli -- account:create` does. */
export function NewAccountModal({ onClose, onCreated }: NewAccountModalProps) {
  const takeChangedAccount = useTakeChangedAccount();
  const creating = useEndpointMutation(createAdminAccountEndpoint, { onSuccess: takeChangedAccount });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [permissions, setPermissions] = useState(NO_PERMISSIONS);
  const [showErrors, setShowErrors] = useState(false);

  const nameError = name.trim() === '' ? ACCOUNT_NAME_REQUIRED_TEXT : null;
  const normalizedEmail = normalizeEmailAddress(email);
  const emailError = normalizedEmail === null ? INVALID_EMAIL_TEXT : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (nameError || normalizedEmail === null) return;
    try {
      await creating.mutateAsync({
        body: { name: name.trim(), email: normalizedEmail, isAdmin, permissions },
      });
    } catch (error) {
      showServerError(error);
      return;
    }
    onCreated(normalizedEmail);
  }

  return (
    <Modal title="New Account" onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextInputField
          label="Account name"
          value={name}
          onChange={setName}
          required
          errorMessage={showErrors ? nameError : null}
        />
        <TextInputField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
          required
          errorMessage={showErrors ? emailError : null}
        />
        <CheckboxField label="Admin (can open this console)" checked={isAdmin} onChange={setIsAdmin} />
        <PermissionCheckboxes permissions={permissions} onChange={setPermissions} />
        <p className="field__hint">The user gets an email with a link to set their password.</p>
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={creating.isPending}>
            Create Account
          </button>
        </div>
      </form>
    </Modal>
  );
}
