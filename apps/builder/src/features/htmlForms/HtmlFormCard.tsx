import type { HtmlForm } from '@quizbeam/contracts/htmlForms';
import { fieldCountText } from './htmlFormTexts';

interface HtmlFormCardProps {
  form: HtmlForm;
  onEdit: (form: HtmlForm) => void;
  onDelete: (form: HtmlForm) => void;
}

export function HtmlFormCard({ form, onEdit, onDelete }: HtmlFormCardProps) {
  return (
    <li className="card html-form-card">
      <h2 className="html-form-card__name">{form.name}</h2>
      <p className="html-form-card__facts">
        <span className="html-form-card__count">{fieldCountText(form.data.fields.length)}</span>
        <span className="html-form-card__method">{form.data.method.toUpperCase()}</span>
      </p>
      <p className="html-form-card__action" title={form.data.action}>
        {form.data.action}
      </p>
      <div className="html-form-card__actions">
        <button
          type="button"
          className="button"
          aria-label={`Edit ${form.name}`}
          onClick={() => onEdit(form)}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--secondary html-form-card__delete"
          aria-label={`Delete ${form.name}`}
          onClick={() => onDelete(form)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
