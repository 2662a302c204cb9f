import type { HtmlForm } from '@quizbeam/contracts/htmlForms';
import { useQuery } from '@tanstack/react-query';
import { htmlFormsQueryKeys, listHtmlForms } from './htmlFormsApi';

/**
 * The account's HTML forms by name: null until the first answer, empty when they cannot be loaded (the
 * default error is shown then).
 */
export function useHtmlFormList(account: string): HtmlForm[] | null {
  const { data, isError } = useQuery({
    queryKey: htmlFormsQueryKeys.list(account),
    queryFn: () => listHtmlForms(account),
  });
  return data ?? (isError ? [] : null);
}
