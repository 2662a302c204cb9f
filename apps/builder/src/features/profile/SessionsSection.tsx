import {
  OTHER_SESSIONS_SIGNED_OUT_TEXT,
  type Profile,
  signOutOtherSessionsEndpoint,
} from '@quizbeam/contracts/profile';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { otherSessionsText, sessionStartedText } from './profileTexts';
import { useReloadProfile } from './useReloadProfile';

/**
 * How many other browsers are signed in, and a way to sign them all out. The button stays available at zero:
 * the count is as of the page's load, and another browser may have signed in since.
 */
export function SessionsSection({ profile }: { profile: Profile | undefined }) {
  const reloadProfile = useReloadProfile();
  const signingOut = useEndpointMutation(signOutOtherSessionsEndpoint, { onSuccess: reloadProfile });

  async function signOutOthers() {
    try {
      await signingOut.mutateAsync({});
    } catch (error) {
      showDefaultError(error);
      return;
    }
    showSuccess(OTHER_SESSIONS_SIGNED_OUT_TEXT);
  }

  return (
    <section className="card profile__section" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title" className="profile__section-title">
        Sessions
      </h2>
      {profile && (
        <>
          <p className="profile__line">{otherSessionsText(profile.otherSessions)}</p>
          <p className="profile__hint">{sessionStartedText(profile.currentSessionStartedAt)}</p>
        </>
      )}
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={!profile || signingOut.isPending}
          onClick={signOutOthers}
        >
          Sign Out Other Sessions
        </button>
      </div>
    </section>
  );
}
