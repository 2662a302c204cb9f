import { useQuery } from '@tanstack/react-query';
import { htmlFormsQueryKeys, listHtmlForms } from '../../htmlForms/htmlFormsApi';
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
