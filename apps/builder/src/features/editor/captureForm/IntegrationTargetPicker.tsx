import { Link } from 'react-router';

export const NO_INTEGRATIONS_TEXT = 'No integrations yet.';

/**
 * The connection and its target (a list, a campaign) leads go to. Connections come with the Integrations
 * page; until an account has one, there is nothing to pick but the way there.
 */
export function IntegrationTargetPicker() {
  return (
    <div className="capture-form__empty">
      <p>{NO_INTEGRATIONS_TEXT}</p>
      <Link to="/integrations">Add an integration</Link>
    </div>
  );
}
