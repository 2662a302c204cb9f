import type { Image } from '@quizbeam/contracts/quiz';
import { FileInput } from '../../../ui/FileInput';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../../ui/notifications/notificationStore';
import { useMe } from '../../session/useMe';
import { uploadImage } from './uploadImage';
import './ImagePicker.css';

export const UPLOAD_COMPLETE_TEXT = 'Upload complete.';

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
    } catch {
      showDefaultError();
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
