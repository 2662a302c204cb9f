import { getTrackingDefaultsEndpoint } from '@quizbeam/contracts/trackingDefaults';
import { skipToken } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { useQuiz } from '../../editor/store/quizStoreHooks';

/**
 * Whether the quiz asks visitors for consent (its own Tracking tab, or the account's defaults it follows):
 * then the embed code tells the embed script to store its frequency cap only after the visitor accepts.
 * While the account's defaults load, it is taken to ask.
 */
export function useEmbedConsentRequired(): boolean {
  const tracking = useQuiz().tracking;
  const followsAccount = !tracking || tracking.useAccountDefaults;
  const defaults = useEndpointQuery(getTrackingDefaultsEndpoint, followsAccount ? {} : skipToken).data;
  if (!followsAccount) return tracking.own.askConsent;
  return defaults?.askConsent ?? true;
}
