import type { Domain } from '@quizbeam/contracts/domains';
import { useEffect, useState } from 'react';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { listDomains } from '../domains/domainsApi';

/** The account's custom domains; empty until loaded, and after a failure (which shows the default error). */
export function useAccountDomains(): Domain[] {
  const [domains, setDomains] = useState<Domain[]>([]);
  useEffect(() => {
    let isCurrent = true;
    listDomains().then(
      (loaded) => {
        if (isCurrent) setDomains(loaded);
      },
      () => {
        if (isCurrent) showDefaultError();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return domains;
}
