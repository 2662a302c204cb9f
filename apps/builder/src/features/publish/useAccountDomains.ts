import { type Domain, listDomainsEndpoint } from '@quizbeam/contracts/domains';
import { useEndpointQuery } from '../../api/endpointQuery';

const NO_DOMAINS: Domain[] = [];

/**
 * The account's custom domains (the Domains page's cache); empty until loaded, and after a failure (which
 * shows the default error).
 */
export function useAccountDomains(): Domain[] {
  return useEndpointQuery(listDomainsEndpoint, {}).data ?? NO_DOMAINS;
}
