import { MessageCard } from '../../ui/MessageCard';
import { SupportEmailLink } from '../../ui/SupportEmailLink';

export const SERVER_ERROR_TITLE = "It's me, not you.";

export function ServerErrorPage() {
  return (
    <MessageCard title={SERVER_ERROR_TITLE}>
      <p>
        Our servers ran into an error. Please email us at <SupportEmailLink /> and tell us what you were doing
        when it happened.
      </p>
    </MessageCard>
  );
}
