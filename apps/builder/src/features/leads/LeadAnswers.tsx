import type { Lead } from '@quizbeam/contracts/leads';
import { LeadUrlFields } from './LeadUrlFields';
import { categoryScoreText, EMPTY_ANSWER_TEXT, NO_ANSWERS_TEXT } from './leadTexts';

interface LeadAnswersProps {
  id: string;
  lead: Lead;
}

/**
 * What the visitor gave in the capture form's own fields (phone, company, the marketer's), the URL fields of
 * the address they came from, their answers question by question as they saw them, and their category scores.
 */
export function LeadAnswers({ id, lead }: LeadAnswersProps) {
  return (
    <section id={id} className="lead-answers" aria-label={`Answers of ${lead.email}`}>
      {lead.fields.length > 0 && (
        <dl className="lead-answers__list" aria-label={`Form fields of ${lead.email}`}>
          {lead.fields.map((field) => (
            <div key={field.key} className="lead-answers__item">
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <LeadUrlFields lead={lead} />
      {lead.answers.length === 0 ? (
        <p className="leads-table__muted">{NO_ANSWERS_TEXT}</p>
      ) : (
        <dl className="lead-answers__list">
          {lead.answers.map((answer) => (
            <div key={answer.questionId} className="lead-answers__item">
              <dt>{answer.question}</dt>
              <dd className={answer.display ? undefined : 'leads-table__muted'}>
                {answer.display || EMPTY_ANSWER_TEXT}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {lead.categories.length > 0 && (
        <ul className="lead-answers__categories" aria-label={`Category scores of ${lead.email}`}>
          {lead.categories.map((category) => (
            <li key={category.id}>
              <span className="lead-answers__category-name">{category.name}</span>
              <span className="lead-answers__bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.max(0, category.percent))}%` }} />
              </span>
              <span>{categoryScoreText(category)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
