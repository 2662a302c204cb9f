import {
  type AdminAccountDetail,
  getAdminAccountEndpoint,
  listAdminAccountsEndpoint,
  listAuditLogEndpoint,
} from '@quizbeam/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpointKey';

/**
 * What a change to an account does to the console's cache: the account's entry takes the answer, and the
 * account lists and the audit log (every change adds an entry) load again.
 */
export function useTakeChangedAccount() {
  const queryClient = useQueryClient();
  return (account: AdminAccountDetail) => {
    queryClient.setQueryData(endpointKey(getAdminAccountEndpoint, { params: { id: account.id } }), account);
    void queryClient.invalidateQueries({ queryKey: endpointKey(listAdminAccountsEndpoint) });
    void queryClient.invalidateQueries({ queryKey: endpointKey(listAuditLogEndpoint) });
  };
}
