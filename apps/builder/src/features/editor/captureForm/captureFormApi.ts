import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import { skipToken, useQuery } from '@tanstack/react-query';
import { htmlFormsQueryKeys, listHtmlForms } from '../../htmlForms/htmlFormsApi';
import {
  integrationsQueryKeys,
  listActiveConnections,
  listConnectionTargets,
} from '../../integrations/integrationsApi';
import { useMe } from '../../session/useMe';
import { listWebhooks, webhooksQueryKeys } from '../../webhooks/webhooksApi';

/** The account's HTML forms (the HTML Forms page's cache). */
export function useAccountHtmlForms() {
  const account = useMe().account.id;
  return useQuery({ queryKey: htmlFormsQueryKeys.list(account), queryFn: () => listHtmlForms(account) });
}

/** The account's webhooks (the Integrations page's cache). */
export function useAccountWebhooks() {
  const account = useMe().account.id;
  return useQuery({ queryKey: webhooksQueryKeys.list(account), queryFn: () => listWebhooks(account) });
}

/** The account's working connections (the Integrations page invalidates them on a connect or a cancel). */
export function useActiveConnections() {
  const account = useMe().account.id;
  return useQuery({
    queryKey: integrationsQueryKeys.active(account),
    queryFn: () => listActiveConnections(account),
  });
}

/** The chosen connection's lists; a refusal (say, a revoked grant) is shown beside the dropdown instead. */
export function useConnectionTargets(connection: { service: AutoresponderService; id: string } | null) {
  const account = useMe().account.id;
  return useQuery({
    queryKey: connection
      ? integrationsQueryKeys.targets(account, connection.service, connection.id)
      : [...integrationsQueryKeys.all(account), 'targets'],
    queryFn: connection ? () => listConnectionTargets(account, connection.service, connection.id) : skipToken,
    meta: { handlesError: () => true },
  });
}
