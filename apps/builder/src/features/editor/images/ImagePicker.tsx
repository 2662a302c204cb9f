import type { ErrorCode } from '@quizbeam/contracts/errors';
import { IMAGE_LIMITS_TEXT, IMAGE_SIZE_HINT_TEXT } from '@quizbeam/contracts/images';
import type { Image } from '@quizbeam/contracts/quiz';
import { useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { FileInput } from '../../../ui/FileInput';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../../ui/notifications/notificationStore';
import { useMe } from '../../session/useMe';
import { ImageFileRefused, uploadImage } from './uploadImage';
import './ImagePicker.css';

export const UPLOAD_COMPLETE_TEXT = 'Upload complete.';

const EXPLAINED_CODES = new Set<ErrorCode>(['quota_exceeded', 'rate_limited', 'validation_failed']);

interface ImagePickerProps {
  label: string;
  image: Image | null;
  onChange: (image: Image | null) => void;
  /** Large images (backgrounds, question and outcome pictures) get the 1280 × 900 hint. */
  showSizeHint?: boolean;
}

/** What the user can act on, worded by us or the server; null for the default error. */
function explanationOf(error: unknown): string | null {
  if (error instanceof ImageFileRefused) return error.message;
  if (error instanceof ApiError && error.code && EXPLAINED_CODES.has(error.code)) return error.message;
  return null;
}

/** Chooses, uploads and previews one image; removing it only takes it out of the quiz. */
export function ImagePicker({ label, image, onChange, showSizeHint = false }: ImagePickerProps) {
  const me = useMe();
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File) {
    setProblem(null);
    try {
      onChange(await uploadImage(me.account.id, file));
      showSuccess(UPLOAD_COMPLETE_TEXT);
    } catch (error) {
      const explanation = explanationOf(error);
      setProblem(explanation);
      if (explanation) showError(explanation);
      else showDefaultError(error);
    }
  }

  return (
    <div className="image-picker">
      <FileInput
        label={label}
        accept="image/png,image/jpeg,image/gif,image/webp"
        fileName={image?.filename ?? null}
        onChoose={choose}
        onRemove={() => {
          setProblem(null);
          onChange(null);
        }}
        hint={showSizeHint ? `${IMAGE_LIMITS_TEXT} ${IMAGE_SIZE_HINT_TEXT}` : IMAGE_LIMITS_TEXT}
        error={problem}
      />
      {image ? <img className="image-picker__preview" src={image.url} alt={image.filename} /> : null}
    </div>
  );
}
