import type { ConversionApi, ConversionApiTestResult } from '@quizbeam/contracts/conversionApis';
import { ID_LABELS, NO_CONVERSION_APIS_TEXT, platformLabel, testResultText } from './conversionApiTexts';

export type ConversionApiAction = 'test' | 'edit' | 'delete';

const actionLabels: Record<ConversionApiAction, string> = {
  test: 'Send Test Event',
  edit: 'Edit',
  delete: 'Delete',
};

interface ConversionApiListProps {
  conversionApis: ConversionApi[];
  /** The one whose test is on its way: its Send Test Event button waits. */
  testingId: string | null;
  /** The last test's outcome, by conversion API. */
  results: ReadonlyMap<string, ConversionApiTestResult>;
  onAction: (action: ConversionApiAction, conversionApi: ConversionApi) => void;
}

function TestResult({ name, result }: { name: string; result: ConversionApiTestResult }) {
  return (
    <div
      className={`conversion-api-result conversion-api-result--${result.ok ? 'ok' : 'failed'}`}
      role="status"
    >
      <p className="conversion-api-result__text">{testResultText(name, result)}</p>
      {result.validationMessages.length > 0 && (
        <ul className="conversion-api-result__messages">
          {result.validationMessages.map((message) => (
            <li key={`${message.fieldPath} ${message.description}`}>
              {message.fieldPath && <code>{message.fieldPath}</code>} {message.description} (
              {message.validationCode})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ConversionApiList({ conversionApis, testingId, results, onAction }: ConversionApiListProps) {
  if (conversionApis.length === 0) return <p className="conversion-apis__empty">{NO_CONVERSION_APIS_TEXT}</p>;
  return (
    <ul className="conversion-api-list" aria-label="Conversion APIs">
      {conversionApis.map((conversionApi) => {
        const result = results.get(conversionApi.id);
        return (
          <li key={conversionApi.id} className="card conversion-api-list__item">
            <div className="conversion-api-list__row">
              <div className="conversion-api-list__text">
                <span className="conversion-api-list__name">{conversionApi.name}</span>
                <span className="conversion-api-list__detail">
                  {platformLabel(conversionApi.platform)} · {ID_LABELS[conversionApi.platform]}{' '}
                  {conversionApi.platformId}
                  {conversionApi.testEventCode && ` · test code ${conversionApi.testEventCode}`}
                </span>
              </div>
              <div className="conversion-api-list__actions">
                {(Object.keys(actionLabels) as ConversionApiAction[]).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={
                      action === 'delete'
                        ? 'button button--secondary conversion-api-list__action conversion-api-list__action--delete'
                        : 'button button--secondary conversion-api-list__action'
                    }
                    aria-label={`${actionLabels[action]}: ${conversionApi.name}`}
                    disabled={action === 'test' && testingId === conversionApi.id}
                    onClick={() => onAction(action, conversionApi)}
                  >
                    {actionLabels[action]}
                  </button>
                ))}
              </div>
            </div>
            {result && <TestResult name={conversionApi.name} result={result} />}
          </li>
        );
      })}
    </ul>
  );
}
