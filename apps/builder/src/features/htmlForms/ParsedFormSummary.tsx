import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import { fieldCountText } from './htmlFormTexts';

/** What the server found in the pasted markup: where the form sends, its fields and its submit button. */
export function ParsedFormSummary({ data }: { data: HtmlFormData }) {
  return (
    <section className="parsed-form" aria-label="Found in the markup">
      <dl className="parsed-form__facts">
        <dt>Method</dt>
        <dd>{data.method.toUpperCase()}</dd>
        <dt>Action</dt>
        <dd className="parsed-form__action">{data.action}</dd>
        <dt>Submit button</dt>
        <dd>{submitText(data.submit)}</dd>
      </dl>
      <h3 className="parsed-form__title">{fieldCountText(data.fields.length)}</h3>
      {data.fields.length > 0 && (
        <div className="parsed-form__table-frame">
          <table className="parsed-form__fields">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
                <th scope="col">Label</th>
              </tr>
            </thead>
            <tbody>
              {data.fields.map((field, index) => (
                // Names repeat in radio groups and checkbox lists; the position tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
                <tr key={index}>
                  <td>{field.name}</td>
                  <td>{field.type}</td>
                  <td>{field.value}</td>
                  <td>{field.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function submitText(submit: HtmlFormData['submit']): string {
  if (!submit.name && !submit.value) return 'None found (the form is sent without one)';
  if (!submit.name) return `No name (value "${submit.value}")`;
  return `${submit.name} = "${submit.value}"`;
}
