import type { Domain } from '@quizbeam/contracts/domains';
import { useDomainList } from '../domains/useDomainList';

const NO_DOMAINS: Domain[] = [];

/** The account's custom domains; empty until loaded, and after a failure (which shows the default error). */
export function useAccountDomains(): Domain[] {
  return useDomainList().data ?? NO_DOMAINS;
}
