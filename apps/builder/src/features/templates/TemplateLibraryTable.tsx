import type { TemplateCategory, TemplateSummary } from '@quizbeam/contracts/templates';
import { Link } from 'react-router';
import { formatCount, QUIZ_TYPE_LABELS } from '../quizzes/quizLabels';
import { NO_CATEGORY_LABEL } from './CategoryDropdown';

interface TemplateLibraryTableProps {
  templates: TemplateSummary[];
  categories: TemplateCategory[];
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The admins' template list: what each template is and whether New Quiz offers it. */
export function TemplateLibraryTable({ templates, categories }: TemplateLibraryTableProps) {
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  return (
    <div className="card template-library__frame">
      <table className="template-library" aria-label="Templates">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Category</th>
            <th scope="col">Questions</th>
            <th scope="col">Outcomes</th>
            <th scope="col">Premium</th>
            <th scope="col">Available</th>
            <th scope="col">Edit</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id}>
              <td className="template-library__name">{template.name}</td>
              <td>{QUIZ_TYPE_LABELS[template.type]}</td>
              <td>{(template.categoryId && categoryNames.get(template.categoryId)) || NO_CATEGORY_LABEL}</td>
              <td>{formatCount(template.questionCount)}</td>
              <td>{formatCount(template.outcomeCount)}</td>
              <td>{yesNo(template.isExtra)}</td>
              <td>{yesNo(template.isAvailableForNewQuizzes)}</td>
              <td>
                <Link
                  to={`/templates/${encodeURIComponent(template.id)}`}
                  className="template-library__edit"
                  aria-label={`Edit ${template.name}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
