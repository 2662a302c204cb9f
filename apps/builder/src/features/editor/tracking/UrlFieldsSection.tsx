import { type UrlField, urlFieldsOf } from '@quizbeam/contracts/measurement';
import { MAX_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { type FormEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { TrackingSection } from './TrackingSection';
import {
  addUrlField,
  mapUrlField,
  newUrlFieldProblem,
  removeUrlField,
  resetUrlFields,
  type UrlFieldMappingPatch,
} from './trackingActions';
import {
  ADD_URL_FIELD_LABEL,
  NEW_URL_FIELD_LABEL,
  NO_URL_FIELDS_NOTE,
  RESET_URL_FIELDS_LABEL,
  URL_FIELDS_DEFAULTS_NOTE,
  URL_FIELDS_LIMIT_TEXT,
  URL_FIELDS_NOTE,
  URL_FIELDS_TITLE,
} from './trackingTexts';
import { UrlFieldMappingHeader } from './UrlFieldMappingHeader';
import { UrlFieldRow } from './UrlFieldRow';

/** The address parameters the quiz keeps: the defaults until changed, each removable and mapped. */
export function UrlFieldsSection() {
  const ownList = useQuizSelector((quiz) => quiz.urlFields);
  const fields: readonly UrlField[] = useMemo(() => urlFieldsOf({ urlFields: ownList }), [ownList]);
  const isDefault = ownList === undefined;
  const dispatch = useQuizDispatch();
  const [newName, setNewName] = useState('');
  // An empty name is only refused once Add is pressed; anything typed is checked as it is typed.
  const [addAttempted, setAddAttempted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const nameRef = useRef<HTMLDivElement>(null);
  // After a removal the focus goes to the name, once it renders (enabled again if the list was full).
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) nameRef.current?.querySelector('input')?.focus();
  }, [removals]);
  const typed = newName.trim();
  const problem = typed !== '' || addAttempted ? newUrlFieldProblem(fields, typed) : null;
  const isFull = fields.length >= MAX_URL_FIELDS;

  function add(event: FormEvent | MouseEvent) {
    event.preventDefault();
    if (isFull) return;
    if (newUrlFieldProblem(fields, typed)) {
      setAddAttempted(true);
      return;
    }
    dispatch((quiz) => addUrlField(quiz, typed));
    setNewName('');
    setAddAttempted(false);
    setAnnouncement(`${typed} added.`);
  }

  function remove(name: string) {
    dispatch((quiz) => removeUrlField(quiz, name));
    setAnnouncement(`${name} removed.`);
    setRemovals((count) => count + 1);
  }

  const map = (name: string) => (patch: UrlFieldMappingPatch, coalesceKey?: string) =>
    dispatch((quiz) => mapUrlField(quiz, name, patch), coalesceKey ? { coalesceKey } : undefined);

  return (
    <TrackingSection title={URL_FIELDS_TITLE}>
      <p className="tracking__note">{URL_FIELDS_NOTE}</p>
      {isDefault && <p className="tracking__note">{URL_FIELDS_DEFAULTS_NOTE}</p>}
      {fields.length === 0 ? (
        <p className="tracking__note">{NO_URL_FIELDS_NOTE}</p>
      ) : (
        <div className="url-fields">
          <UrlFieldMappingHeader />
          <ul className="url-fields__list" aria-label={URL_FIELDS_TITLE}>
            {fields.map((field) => (
              <UrlFieldRow
                key={field.name}
                field={field}
                onMap={map(field.name)}
                onRemove={() => remove(field.name)}
              />
            ))}
          </ul>
        </div>
      )}
      <form className="url-fields__add" onSubmit={add} noValidate>
        <div ref={nameRef} className="url-fields__name">
          <TextInputField
            label={NEW_URL_FIELD_LABEL}
            value={newName}
            placeholder="ref"
            disabled={isFull}
            errorMessage={problem}
            hint={URL_FIELDS_LIMIT_TEXT}
            onChange={(name) => {
              setNewName(name);
              setAddAttempted(false);
            }}
          />
        </div>
        {/* ButtonWithReason is never a submit button: Enter in the name submits the form, a click adds itself. */}
        <ButtonWithReason
          className="button button--secondary"
          disabledReason={isFull ? URL_FIELDS_LIMIT_TEXT : null}
          onClick={add}
        >
          {ADD_URL_FIELD_LABEL}
        </ButtonWithReason>
      </form>
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={isDefault}
          onClick={() => {
            dispatch(resetUrlFields);
            setAnnouncement('The default URL fields are back.');
          }}
        >
          {RESET_URL_FIELDS_LABEL}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </TrackingSection>
  );
}
