import { tracksAnything } from '@quizbeam/contracts/measurement';
import { getTrackingDefaultsEndpoint } from '@quizbeam/contracts/trackingDefaults';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { TAG_ID_FIELDS } from './tagIds';
import {
  ACCOUNT_HAS_NO_TAGS_TEXT,
  ASKS_CONSENT_TEXT,
  DOES_NOT_ASK_CONSENT_TEXT,
  SET_ACCOUNT_DEFAULTS_TEXT,
  TAG_OFF_TEXT,
} from './trackingTexts';

/** The account's tags, read-only, with the way to the Scripts page where they are set. */
export function AccountTagsSummary() {
  // A failed load shows the default error (the query cache reports it).
  const defaults = useEndpointQuery(getTrackingDefaultsEndpoint, {}).data;
  return (
    <div className="tracking__account-tags">
      {defaults && (
        <>
          <dl className="tracking__tag-list">
            {TAG_ID_FIELDS.map((field) => (
              <div key={field.key} className="tracking__tag">
                <dt>{field.label}</dt>
                <dd>{defaults[field.key] || TAG_OFF_TEXT}</dd>
              </div>
            ))}
          </dl>
          <p className="tracking__note">
            {tracksAnything(defaults)
              ? defaults.askConsent
                ? ASKS_CONSENT_TEXT
                : DOES_NOT_ASK_CONSENT_TEXT
              : ACCOUNT_HAS_NO_TAGS_TEXT}
          </p>
        </>
      )}
      <p className="tracking__note">
        {SET_ACCOUNT_DEFAULTS_TEXT} <Link to="/scripts">Scripts page</Link>.
      </p>
    </div>
  );
}
