import { Link } from 'react-router';
import { MessageCard } from '../../ui/MessageCard';
import { SupportEmailLink } from '../../ui/SupportEmailLink';

export const NOT_FOUND_TITLE = 'Oops! That page could not be found.';
export const BACK_TO_MY_QUIZZES_TEXT = 'Back to My Quizzes';

export function NotFoundPage() {
  return (
    <MessageCard title={NOT_FOUND_TITLE}>
      <p>
        Please email us at <SupportEmailLink /> and tell us what you were doing and which page you expected to
        see.
      </p>
      <div className="message-card__aside">
        <Link className="button" to="/">
          {BACK_TO_MY_QUIZZES_TEXT}
        </Link>
      </div>
    </MessageCard>
  );
}
