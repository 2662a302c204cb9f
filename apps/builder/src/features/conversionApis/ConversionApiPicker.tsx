import { listConversionApisEndpoint } from '@quizbeam/contracts/conversionApis';
import { withIdChosen } from '@quizbeam/quiz-engine/leadCapture';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../api/endpointQuery';
import { CONVERSION_APIS_NOT_LOADED_TEXT, ID_LABELS, platformLabel } from './conversionApiTexts';
import './ConversionApisSection.css';

export const NO_CONVERSION_APIS_YET_TEXT = 'No conversion APIs yet.';
export const REMOVED_CONVERSION_API_LABEL = 'A removed conversion API';
export const CONVERSION_APIS_NOTE =
  'Each lead is also sent from our server to the ones you tick, unless the visitor declined tracking.';

interface ConversionApiPickerProps {
  conversionApiIds: string[];
  onChange: (conversionApiIds: string[]) => void;
}

/** The account's conversion APIs (Meta, GA4) each lead of the quiz is also sent to, any number of them. */
export function ConversionApiPicker({ conversionApiIds, onChange }: ConversionApiPickerProps) {
  // The Integrations page's cache; a failed load says so here rather than in a notification.
  const conversionApis = useEndpointQuery(
    listConversionApisEndpoint,
    {},
    { meta: { handlesError: () => true } },
  );
  const legend = <legend className="field__label">Conversion APIs</legend>;
  if (conversionApis.isPending) {
    return (
      <fieldset className="editor-tab-card__fieldset capture-form__webhooks">
        {legend}
        <p className="editor-tab-card__note">Loading conversion APIs…</p>
      </fieldset>
    );
  }
  if (conversionApis.isError) {
    return (
      <fieldset className="editor-tab-card__fieldset capture-form__webhooks">
        {legend}
        <p className="editor-tab-card__note">{CONVERSION_APIS_NOT_LOADED_TEXT}</p>
      </fieldset>
    );
  }
  const list = conversionApis.data;
  // Chosen ones deleted since stay listed, so that they can be unticked.
  const removedIds = conversionApiIds.filter((id) => !list.some((api) => api.id === id));
  const choices = [
    ...list.map((api) => ({
      id: api.id,
      label: api.name,
      detail: `${platformLabel(api.platform)} · ${ID_LABELS[api.platform]} ${api.platformId}`,
    })),
    ...removedIds.map((id) => ({ id, label: REMOVED_CONVERSION_API_LABEL, detail: '' })),
  ];
  return (
    <fieldset className="editor-tab-card__fieldset capture-form__webhooks">
      {legend}
      {choices.length === 0 ? (
        <div className="capture-form__empty">
          <p>{NO_CONVERSION_APIS_YET_TEXT}</p>
          <Link to="/integrations">Add Meta or Google Analytics 4 in Integrations</Link>
        </div>
      ) : (
        <>
          <p className="editor-tab-card__note">{CONVERSION_APIS_NOTE}</p>
          <ul className="conversion-api-list">
            {choices.map((choice) => (
              <li key={choice.id} className="card conversion-api-list__item">
                <label className="conversion-api-choice">
                  <input
                    type="checkbox"
                    className="conversion-api-choice__box"
                    checked={conversionApiIds.includes(choice.id)}
                    onChange={(event) =>
                      onChange(withIdChosen(conversionApiIds, choice.id, event.target.checked))
                    }
                  />
                  <span className="conversion-api-list__text">
                    <span className="conversion-api-list__name">{choice.label}</span>
                    {choice.detail && <span className="conversion-api-list__detail">{choice.detail}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
