import type { Lead } from '@quizbeam/contracts/leads';
import { URL_FIELD_CUT_TEXT, URL_FIELDS_TITLE } from './leadTexts';

/**
 * The address parameters the lead kept (utm_source, gclid, the marketer's ref…), name = value, in the quiz's
 * order; a value cut to its limit says so. Nothing when the lead kept none.
 */
export function LeadUrlFields({ lead }: { lead: Lead }) {
  const fields = Object.entries(lead.urlFields);
  if (fields.length === 0) return null;
  const cut = new Set(lead.urlFieldsCut);
  return (
    <section className="lead-answers__group" aria-label={`URL fields of ${lead.email}`}>
      <h2 className="lead-answers__heading">{URL_FIELDS_TITLE}</h2>
      <dl className="lead-answers__list">
        {fields.map(([name, value]) => (
          <div key={name} className="lead-answers__item">
            <dt>{name}</dt>
            <dd>
              {value}
              {cut.has(name) && <span className="leads-table__muted"> {URL_FIELD_CUT_TEXT}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
