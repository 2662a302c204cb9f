import {
  addDomainEndpoint,
  domainDnsRecordsEndpoint,
  listDomainsEndpoint,
  removeDomainEndpoint,
} from '@quizbeam/contracts/domains';
import { call } from '../../api/apiClient';

/** Where the account's domains are cached (TanStack Query keys); adding or removing one invalidates them. */
export const domainsQueryKeys = {
  list: ['domains'],
  /** The server's configuration: never changes while the page lives. */
  dnsRecords: ['domain-dns-records'],
} as const;

export const listDomains = () => call(listDomainsEndpoint);

export const addDomain = (host: string) => call(addDomainEndpoint, { body: { host } });

export const removeDomain = (domainId: string) => call(removeDomainEndpoint, { params: { id: domainId } });

export const listDnsRecords = () => call(domainDnsRecordsEndpoint);
