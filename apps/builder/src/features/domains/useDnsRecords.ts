import { useQuery } from '@tanstack/react-query';
import { domainsQueryKeys, listDnsRecords } from './domainsApi';

/** The DNS records that point a custom domain at the publish host, as this server is configured. */
export function useDnsRecords() {
  return useQuery({ queryKey: domainsQueryKeys.dnsRecords, queryFn: listDnsRecords, staleTime: Infinity });
}
