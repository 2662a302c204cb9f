import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { AdminConsole } from './AdminConsole';

/** The console's one page; the query string says what it shows (see adminViews.ts). */
export function buildAdminRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    { path: '/', element: <AdminConsole queryClient={queryClient} /> },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
