import { profileEndpoint } from '@quizbeam/contracts/profile';
import { useEndpointQuery } from '../../api/endpointQuery';
import { PageHeader } from '../../ui/PageHeader';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PROFILE_TITLE } from './profileTexts';
import { SessionsSection } from './SessionsSection';
import './ProfilePage.css';

/** The signed-in user's own Profile (/profile, from the sidebar's avatar): email, password and sessions. */
export function ProfilePage() {
  // A failed load shows the default error (the query cache reports it); the forms still work.
  const profile = useEndpointQuery(profileEndpoint, {});
  return (
    <>
      <PageHeader title={PROFILE_TITLE} />
      <div className="profile">
        <EmailSection profile={profile.data} />
        <PasswordSection />
        <SessionsSection profile={profile.data} />
      </div>
    </>
  );
}
