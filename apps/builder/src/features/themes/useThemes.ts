import { themesEndpoint } from '@quizbeam/contracts/themes';
import { useEndpointQuery } from '../../api/endpointQuery';

/**
 * The themes the account may use, in the server's order (the default first). They change only with a
 * deploy, so one load serves the Configure and Appearance tabs for the page's life.
 */
export function useThemes() {
  return useEndpointQuery(
    themesEndpoint,
    {},
    { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
  );
}
