import {
  createLeadsChallengeItemEndpoint,
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  LEADS_CHALLENGE_MAX_BYTES,
  type LeadsChallengeItem,
  leadsChallengeFileExtensions,
  listLeadsChallengeEndpoint,
  updateLeadsChallengeItemEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { FileInput } from '../../ui/FileInput';
import { Modal } from '../../ui/modal/Modal';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { showServerError } from '../adminErrors';
import {
  CHOOSE_FILE_TEXT,
  DOWNLOAD_ADDED_TEXT,
  DOWNLOAD_SAVED_TEXT,
  LEADS_CHALLENGE_FILE_HINT,
} from '../adminTexts';
import { uploadLeadsChallengeFile } from '../api/uploadLeadsChallengeFile';

export const TITLE_REQUIRED_TEXT = 'Please enter a title.';
const ACCEPTED_FILES = leadsChallengeFileExtensions.map((extension) => `.${extension}`).join(',');
const MAX_TITLE_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 2_000;

interface LeadsChallengeItemModalProps {
  /** The download to change; null to add one. */
  item: LeadsChallengeItem | null;
  onClose: () => void;
}

interface SaveInput {
  fields: { title: string; description: string };
  file: File | null;
}

/** Adds a download (title, description, file) or changes one (a new file is optional and replaces the old). */
export function LeadsChallengeItemModal({ item, onClose }: LeadsChallengeItemModalProps) {
  const queryClient = useQueryClient();
  // One save is two calls, the file's upload and then the item's, under one pending state.
  const saving = useMutation({
    mutationFn: async ({ fields, file }: SaveInput) => {
      const fileKey = file ? (await uploadLeadsChallengeFile(file)).fileKey : undefined;
      if (item) {
        return call(updateLeadsChallengeItemEndpoint, {
          params: { id: item.id },
          body: { ...fields, fileKey },
        });
      }
      if (!fileKey) throw new Error('A new download needs a file');
      return call(createLeadsChallengeItemEndpoint, { body: { ...fields, fileKey } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listLeadsChallengeEndpoint) }),
  });
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const titleError =
    title.trim() === ''
      ? TITLE_REQUIRED_TEXT
      : title.trim().length > MAX_TITLE_LENGTH
        ? `Please keep the title to ${MAX_TITLE_LENGTH.toLocaleString('en-US')} characters.`
        : null;
  const descriptionError =
    description.trim().length > MAX_DESCRIPTION_LENGTH
      ? `Please keep the description to ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters.`
      : null;
  const fileError =
    file && file.size > LEADS_CHALLENGE_MAX_BYTES
      ? LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE
      : !file && !item
        ? CHOOSE_FILE_TEXT
        : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (titleError || descriptionError || fileError) return;
    try {
      await saving.mutateAsync({
        fields: { title: title.trim(), description: description.trim() },
        file,
      });
    } catch (error) {
      showServerError(error);
      return;
    }
    showSuccess(item ? DOWNLOAD_SAVED_TEXT : DOWNLOAD_ADDED_TEXT);
    onClose();
  }

  return (
    <Modal title={item ? 'Edit Download' : 'Add Download'} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextInputField
          label="Title"
          value={title}
          onChange={setTitle}
          required
          errorMessage={showErrors ? titleError : null}
        />
        <TextInputField
          label="Description"
          multiline
          value={description}
          onChange={setDescription}
          errorMessage={showErrors ? descriptionError : null}
        />
        <FileInput
          label={item ? 'Replace the file (optional)' : 'File'}
          fileName={file?.name ?? null}
          accept={ACCEPTED_FILES}
          hint={item ? `Now: ${item.fileName}. ${LEADS_CHALLENGE_FILE_HINT}` : LEADS_CHALLENGE_FILE_HINT}
          error={showErrors || (file && fileError) ? fileError : null}
          onChoose={setFile}
          onRemove={() => setFile(null)}
        />
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving.isPending}>
            {item ? 'Save' : 'Add'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
