import { getTemplateEndpoint } from '@quizbeam/contracts/templates';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '../../../api/ApiError';
import { call } from '../../../api/apiClient';
import { createTemplateEditorStores, type TemplateEditorStores } from './templateStore';

export type TemplateStoreLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; stores: TemplateEditorStores };

/**
 * Loads the template and starts fresh stores (and history) for it, once per opening of the editor, as the
 * quiz editor does: the store owns the template while it is edited, and a newer version saved elsewhere
 * shows as a conflict when saving.
 */
export function useTemplateStoreLoader(templateId: string): TemplateStoreLoad {
  const query = useQuery({
    // The editor's own entry, apart from the declaration's: a save reloads every template entry, and a
    // reload here would start the editor afresh, its history lost.
    queryKey: ['editor', 'template', templateId],
    queryFn: () => call(getTemplateEndpoint, { params: { id: templateId } }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
    // The editor shows its own Not-found or Server-error page instead of a notification.
    meta: { handlesError: () => true },
  });
  const stores = useMemo(() => (query.data ? createTemplateEditorStores(query.data) : null), [query.data]);
  if (query.isError) return { status: isApiError(query.error, 404) ? 'not-found' : 'failed' };
  return stores ? { status: 'ready', stores } : { status: 'loading' };
}
