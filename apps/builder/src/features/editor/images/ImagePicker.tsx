import type { ErrorCode } from '@quizbeam/contracts/errors';
import type { Image } from '@quizbeam/contracts/quiz';
import { ApiError } from '../../../api/ApiError';
import { FileInput } from '../../../ui/FileInput';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../../ui/notifications/notificationStore';
import { useMe } from '../../session/useMe';
import { uploadImage } from './uploadImage';
import './ImagePicker.css';

export const UPLOAD_COMPLETE_TEXT = 'Upload complete.';

const EXPLAINED_CODES = new Set<ErrorCode>(['quota_exceeded', 'rate_limited', 'validation_failed']);

interface ImagePickerProps {
  label: string;
  image: Image | null;
  onChange: (image: Image | null) => void;
}

/** Chooses, uploads and previews one image; removing it only takes it out of the quiz. */
export function ImagePicker({ label, image, onChange }: ImagePickerProps) {
  const me = useMe();

  async function choose(file: File) {
    try {
      onChange(await uploadImage(me.account.id, file));
      showSuccess(UPLOAD_COMPLETE_TEXT);
    } catch (error) {
      // The server words what the user can act on: a full image storage, too many uploads, a wrong file.
      if (error instanceof ApiError && error.code && EXPLAINED_CODES.has(error.code))
        showError(error.message);
      else showDefaultError();
    }
  }

  return (
    <div className="image-picker">
      <FileInput
        label={label}
        accept="image/png,image/jpeg,image/gif,image/webp"
        fileName={image?.filename ?? null}
        onChoose={choose}
        onRemove={() => onChange(null)}
      />
      {image ? <img className="image-picker__preview" src={image.url} alt={image.filename} /> : null}
    </div>
  );
}
