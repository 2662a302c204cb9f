import { TextInputField } from '../../../ui/TextInputField';
import { TAG_ID_FIELDS, type TagIdKey, type TagIdTexts } from './tagIds';

/** The contracts' longest ID text: typing or pasting stops there. */
const TAG_ID_MAX_LENGTH = 40;

interface TagIdFieldsProps {
  texts: TagIdTexts;
  errors: Partial<TagIdTexts>;
  onChange: (key: TagIdKey, text: string) => void;
  onBlur: (key: TagIdKey) => void;
  disabled?: boolean;
}

/** The Google Tag Manager, Google Analytics 4 and Meta Pixel IDs, each with its error under it. */
export function TagIdFields({ texts, errors, onChange, onBlur, disabled }: TagIdFieldsProps) {
  return (
    <>
      {TAG_ID_FIELDS.map((field) => (
        <TextInputField
          key={field.key}
          label={field.label}
          value={texts[field.key]}
          placeholder={field.placeholder}
          maxLength={TAG_ID_MAX_LENGTH}
          disabled={disabled}
          errorMessage={errors[field.key] ?? null}
          onChange={(text) => onChange(field.key, text)}
          onBlur={() => onBlur(field.key)}
        />
      ))}
    </>
  );
}
