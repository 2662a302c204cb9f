import { profileEndpoint } from '@quizbeam/contracts/profile';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpointKey';

/** Loads the profile again after a change (the pending email, the count of other sessions). */
export function useReloadProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpointKey(profileEndpoint) });
}
