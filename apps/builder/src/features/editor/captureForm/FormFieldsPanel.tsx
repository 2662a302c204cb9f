import { type LeadFormField, MAX_LEAD_FORM_FIELDS } from '@quizbeam/contracts/leadFormFields';
import {
  addLeadField,
  type LeadFieldPatch,
  moveLeadField,
  removeLeadField,
  updateLeadField,
} from '@quizbeam/quiz-engine/leadCapture';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Toggle } from '../../../ui/Toggle';
import { useQuizDispatch, useQuizSelector, useQuizStore } from '../store/quizStoreHooks';
import { AddLeadFieldMenu } from './AddLeadFieldMenu';
import { CapturePanel } from './CapturePanel';
import { setLeadCaptureSettings } from './captureFormActions';
import { LeadFieldEditor, type MoveDirection } from './LeadFieldEditor';
import {
  EMAIL_ALWAYS_TEXT,
  FORM_FIELDS_TITLE,
  leadFieldErrors,
  leadFieldName,
  REQUIRED_FIELDS_NOTE,
} from './leadFieldTexts';

const NO_FIELDS: LeadFormField[] = [];

/**
 * Moving a field re-orders the list under the focused button: the focus stays with that field's move button
 * (or its other one, at either end), and a status line says where the field went.
 */
function useMoveFocus(listRef: RefObject<HTMLDivElement | null>, fields: LeadFormField[]) {
  const [moved, setMoved] = useState<{ fieldId: string; direction: MoveDirection } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const card = listRef.current?.querySelector(`[data-field-id="${moved.fieldId}"]`);
    const other = moved.direction === 'up' ? 'down' : 'up';
    const same = card?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]`);
    (same && !same.disabled
      ? same
      : card?.querySelector<HTMLButtonElement>(`[data-move="${other}"]`)
    )?.focus();
  }, [moved, listRef]);
  const index = moved ? fields.findIndex((field) => field.id === moved.fieldId) : -1;
  const field = fields[index];
  const announcement = field ? `${leadFieldName(field)} is field ${index + 1} of ${fields.length}.` : '';
  return { announcement, setMoved };
}

/** The form's fields in the visitor's order: name (optional) and email, then the marketer's own. */
export function FormFieldsPanel() {
  const captureName = useQuizSelector((quiz) => quiz.leadCaptureSettings.captureName);
  const fields = useQuizSelector((quiz) => quiz.leadCaptureSettings.fields ?? NO_FIELDS);
  const store = useQuizStore();
  const dispatch = useQuizDispatch();
  const errors = useMemo(() => leadFieldErrors(fields), [fields]);
  const [addedId, setAddedId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLDivElement>(null);
  const { announcement, setMoved } = useMoveFocus(listRef, fields);

  const change = (fieldId: string) => (patch: LeadFieldPatch, coalesceKey?: string) =>
    dispatch((quiz) => updateLeadField(quiz, fieldId, patch), coalesceKey ? { coalesceKey } : undefined);

  function move(fieldId: string, index: number, direction: MoveDirection) {
    dispatch((quiz) => moveLeadField(quiz, fieldId, direction === 'up' ? index - 1 : index + 1));
    setMoved({ fieldId, direction });
  }

  function remove(fieldId: string) {
    dispatch((quiz) => removeLeadField(quiz, fieldId));
    setMoved(null);
    addRef.current?.querySelector('button')?.focus();
  }

  return (
    <CapturePanel title={FORM_FIELDS_TITLE}>
      <p className="editor-tab-card__note">{REQUIRED_FIELDS_NOTE}</p>
      <div className="lead-fields" ref={listRef}>
        <div className="lead-fields__fixed">
          <Toggle
            label="Include Name Field"
            checked={captureName}
            onChange={(checked) => dispatch(setLeadCaptureSettings({ captureName: checked }))}
          />
        </div>
        <div className="lead-fields__fixed">
          <span className="field__label">Email</span>
          <span className="field__hint">{EMAIL_ALWAYS_TEXT}</span>
        </div>
        {fields.map((field, index) => (
          <LeadFieldEditor
            key={field.id}
            field={field}
            errors={errors.get(field.id)}
            isFirst={index === 0}
            isLast={index === fields.length - 1}
            isNew={field.id === addedId}
            onChange={change(field.id)}
            onMove={(direction) => move(field.id, index, direction)}
            onRemove={() => remove(field.id)}
          />
        ))}
      </div>
      <AddLeadFieldMenu
        wrapperRef={addRef}
        disabledReason={
          fields.length >= MAX_LEAD_FORM_FIELDS
            ? `A form has at most ${MAX_LEAD_FORM_FIELDS} extra fields.`
            : null
        }
        onAdd={(kind) => {
          setAddedId(addLeadField(store.getState().current, kind).fieldId);
          dispatch((quiz) => addLeadField(quiz, kind).quiz);
        }}
      />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </CapturePanel>
  );
}
