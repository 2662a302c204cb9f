import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MessageCard } from '../../ui/MessageCard';
import { Spinner } from '../../ui/Spinner';

export const PAYMENT_PENDING_REDIRECT_MS = 10_000;

export function PaymentPendingPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), PAYMENT_PENDING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <MessageCard title="We're confirming your payment…">
      <p>This only takes a few seconds. We'll take you to your quizzes in a moment.</p>
      <div className="message-card__aside">
        <Spinner />
      </div>
    </MessageCard>
  );
}
