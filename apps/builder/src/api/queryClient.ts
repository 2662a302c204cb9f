import { QueryCache, QueryClient } from '@tanstack/react-query';
import { showDefaultError } from '../ui/notifications/DefaultErrorMessage';
import { isApiError } from './ApiError';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Errors the screen shows in its own way (a 404 as its not-found message, say). Every other failed
       * load shows the default error notification.
       */
      handlesError?: (error: Error) => boolean;
    };
  }
}

/** A refused call (4xx) would be refused again; a server failure or a lost connection is tried once more. */
function retryServerFailures(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The cache of what the screens load from the server (TanStack Query). A failed load shows the default
 * error once, whichever screen asked; loads are not repeated on window focus, since each call shows the
 * loading overlay.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesError?.(error)) showDefaultError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: retry ? retryServerFailures : false, refetchOnWindowFocus: false },
    },
  });
}
