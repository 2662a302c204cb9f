import type { UrlField } from '@quizbeam/contracts/measurement';
import { useId } from 'react';
import { LeadFieldMapping } from '../captureForm/LeadFieldMapping';
import type { UrlFieldMappingPatch } from './trackingActions';
import { removeUrlFieldLabel } from './trackingTexts';

/**
 * The lead form field the capture form's mapping edits: a URL field is mapped exactly as a form field is,
 * so it is shown to that editor as a text field of the same name.
 */
const asMappedField = (field: UrlField) => ({
  id: `url-${field.name}`,
  serviceField: field.serviceField,
  htmlFormField: field.htmlFormField,
});

interface UrlFieldRowProps {
  field: UrlField;
  onMap: (patch: UrlFieldMappingPatch, coalesceKey?: string) => void;
  onRemove: () => void;
}

/** One kept parameter: its name, where its value goes, and its Remove button. */
export function UrlFieldRow({ field, onMap, onRemove }: UrlFieldRowProps) {
  const titleId = useId();
  return (
    <li className="url-field" aria-labelledby={titleId}>
      <h3 id={titleId} className="url-field__name">
        {field.name}
      </h3>
      <div className="url-field__mapping">
        <LeadFieldMapping
          field={asMappedField(field)}
          onChange={({ serviceField, htmlFormField }, coalesceKey) =>
            onMap(
              {
                ...(serviceField !== undefined && { serviceField }),
                ...(htmlFormField !== undefined && { htmlFormField }),
              },
              coalesceKey,
            )
          }
        />
      </div>
      <button
        type="button"
        className="url-field__remove"
        aria-label={removeUrlFieldLabel(field.name)}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
