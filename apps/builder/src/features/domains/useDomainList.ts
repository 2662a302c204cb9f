import { useQuery } from '@tanstack/react-query';
import { domainsQueryKeys, listDomains } from './domainsApi';

/** The account's domains, for the Domains page and the Publish tab's domain choice, which share the cache. */
export function useDomainList() {
  return useQuery({ queryKey: domainsQueryKeys.list, queryFn: listDomains });
}
