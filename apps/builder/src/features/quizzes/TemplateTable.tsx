import { PREMIUM_TEMPLATE_MESSAGE, type TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { formatCount } from './quizLabels';

export const NO_TEMPLATES_TEXT =
  'No templates match. Try another search or category, or create from scratch.';
export const EMPTY_TEMPLATE_LIBRARY_TEXT =
  'The template library is empty for now. Create your quiz from scratch.';

/** Why a template cannot be selected: a premium one this account may only look at, or no quiz name yet. */
export function selectDisabledReason(template: TemplateForNewQuiz, nameReason: string | null): string | null {
  return template.locked ? PREMIUM_TEMPLATE_MESSAGE : nameReason;
}

interface TemplateTableProps {
  templates: TemplateForNewQuiz[];
  /** Why Select is unavailable (no quiz name yet), or null. Preview needs no name: it only shows the template. */
  disabledReason: string | null;
  onPreview: (template: TemplateForNewQuiz) => void;
  onSelect: (template: TemplateForNewQuiz) => void;
  /** The row shown when `templates` is empty (why it is), or null for none (while loading). */
  emptyText: string | null;
}

/** Premium templates are marked; those the account cannot select carry a lock. */
function PremiumMark({ template }: { template: TemplateForNewQuiz }) {
  if (!template.isExtra) return null;
  if (!template.locked) return <span className="template-table__premium">Premium</span>;
  return (
    <span
      className="template-table__premium template-table__premium--locked"
      title={PREMIUM_TEMPLATE_MESSAGE}
    >
      <span aria-hidden="true">🔒 </span>Premium
    </span>
  );
}

export function TemplateTable({
  templates,
  disabledReason,
  onPreview,
  onSelect,
  emptyText,
}: TemplateTableProps) {
  return (
    <table className="template-table">
      <colgroup>
        <col />
        <col className="template-table__count-column" />
        <col className="template-table__count-column" />
        <col className="template-table__action-column" />
        <col className="template-table__action-column" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Questions</th>
          <th scope="col">Outcomes</th>
          <th scope="col">Preview</th>
          <th scope="col">Select</th>
        </tr>
      </thead>
      <tbody>
        {templates.map((template) => (
          <tr key={template.id}>
            <td>
              <span className="template-table__name">{template.name}</span>
              <PremiumMark template={template} />
              {template.pointOfQuiz && <span className="template-table__point">{template.pointOfQuiz}</span>}
            </td>
            <td>{formatCount(template.questionCount)}</td>
            <td>{formatCount(template.outcomeCount)}</td>
            <td>
              <button
                type="button"
                className="button button--secondary template-table__button"
                aria-label={`Preview ${template.name}`}
                onClick={() => onPreview(template)}
              >
                Preview
              </button>
            </td>
            <td>
              <ButtonWithReason
                className="button template-table__button"
                aria-label={`Select ${template.name}`}
                disabledReason={selectDisabledReason(template, disabledReason)}
                onClick={() => onSelect(template)}
              >
                Select
              </ButtonWithReason>
            </td>
          </tr>
        ))}
        {templates.length === 0 && emptyText !== null && (
          <tr>
            <td colSpan={5} className="template-table__empty">
              {emptyText}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
