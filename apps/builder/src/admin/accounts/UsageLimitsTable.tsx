import type { UsageLimitKey } from '@quizbeam/contracts/account';
import type { AdminAccountDetail } from '@quizbeam/contracts/admin';
import { formatCount } from '../adminFormat';
import { LIMITS_HINT } from '../adminTexts';
import { defaultLimitOf, type LimitDrafts, parseLimitDraft } from './limitDrafts';

interface UsageLimitsTableProps {
  account: AdminAccountDetail;
  drafts: LimitDrafts;
  onChange: (key: UsageLimitKey, text: string) => void;
  showErrors: boolean;
}

/** Per limit: what the account uses, what applies now, and the account's own value (empty: the default). */
export function UsageLimitsTable({ account, drafts, onChange, showErrors }: UsageLimitsTableProps) {
  return (
    <section className="admin-section" aria-labelledby="usage-limits-title">
      <h2 id="usage-limits-title" className="admin-section__title">
        Usage Limits
      </h2>
      <p className="field__hint">{LIMITS_HINT}</p>
      <div className="card admin-table__frame">
        <table className="admin-table" aria-label="Usage limits">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col" className="admin-table__number">
                Usage
              </th>
              <th scope="col" className="admin-table__number">
                Applies now
              </th>
              <th scope="col">Own limit</th>
            </tr>
          </thead>
          <tbody>
            {account.usage.map((line) => {
              const parsed = parseLimitDraft(drafts[line.key]);
              const error = showErrors && !parsed.ok ? parsed.message : null;
              const errorId = `limit-error-${line.key}`;
              return (
                <tr key={line.key}>
                  <th scope="row" className="admin-table__row-label">
                    {line.label}
                  </th>
                  <td
                    className={
                      line.usage >= line.limit ? 'admin-table__number admin-over' : 'admin-table__number'
                    }
                  >
                    {formatCount(line.usage)}
                  </td>
                  <td className="admin-table__number">{formatCount(line.limit)}</td>
                  <td>
                    <input
                      className={error ? 'input input--error admin-limit-input' : 'input admin-limit-input'}
                      type="text"
                      inputMode="numeric"
                      aria-label={`${line.label}: own limit`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      placeholder={formatCount(defaultLimitOf(line.key, account))}
                      value={drafts[line.key]}
                      onChange={(event) => onChange(line.key, event.target.value)}
                    />
                    {error && (
                      <span id={errorId} className="field__error">
                        {error}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
