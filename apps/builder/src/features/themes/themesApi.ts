import { themesEndpoint } from '@quizbeam/contracts/themes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/apiClient';
import { useMe } from '../session/useMe';

/** Where the account's theme list is cached (TanStack Query keys). */
export const themesQueryKeys = {
  list: (account: string) => ['themes', account] as const,
};

export const listThemes = () => call(themesEndpoint);

/**
 * The themes the account may use, in the server's order (the default first). They change only with a
 * deploy, so one load serves the Configure and Appearance tabs for the page's life.
 */
export function useThemes() {
  const account = useMe().account.id;
  return useQuery({
    queryKey: themesQueryKeys.list(account),
    queryFn: listThemes,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
