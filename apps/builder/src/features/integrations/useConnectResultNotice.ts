import { autoresponderServiceSchema, connectedText } from '@quizbeam/contracts/integrations';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { connectFailedText } from './integrationTexts';

/**
 * /integrations/{service}/auth-success (or auth-failed?reason=…), where a connect ends: says how it went
 * once, then stands on /integrations so that a reload does not say it again.
 */
export function useConnectResultNotice() {
  const { integration, status } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { key } = useLocation();
  // The visit already told: effects may run twice for one visit, and the page stays mounted between visits.
  const noticedVisit = useRef<string | null>(null);
  const reason = searchParams.get('reason');

  useEffect(() => {
    if (noticedVisit.current === key) return;
    const service = autoresponderServiceSchema.safeParse(integration);
    if (!service.success) return;
    if (status === 'auth-success') showSuccess(connectedText(service.data));
    else if (status === 'auth-failed') showError(reason?.trim() || connectFailedText(service.data));
    else return;
    noticedVisit.current = key;
    navigate('/integrations', { replace: true });
  }, [key, integration, status, reason, navigate]);
}
