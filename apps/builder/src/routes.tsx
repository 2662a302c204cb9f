import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { authRoutes } from './features/auth/authRoutes';
import { dashboardRoutes } from './features/dashboard/dashboardRoutes';
import { quizEditorRoutes, templateEditorRoutes } from './features/editor/editorRoutes';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { ServerErrorPage } from './features/errors/ServerErrorPage';
import { OnlyForAdmins } from './features/session/OnlyForAdmins';
import { loadSession, SESSION_ROUTE_ID, shouldReloadSession } from './features/session/sessionLoader';
import { RootLayout } from './features/shell/RootLayout';
import { lazyComponent } from './routing/lazyComponent';
import { InitialLoading } from './ui/InitialLoading';

export interface AppOptions {
  /**
   * The one cache of server data (TanStack Query), for the screens needing an account. By default it is
   * made when the first of them loads, so a visit to /login never downloads TanStack Query; tests give
   * each app a fresh one.
   */
  queryClient?: QueryClient;
}

/** The builder's route table; paths are relative to the base path (the router's basename). */
export function buildRoutes({ queryClient }: AppOptions = {}): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <ServerErrorPage />,
      HydrateFallback: InitialLoading,
      children: [
        ...authRoutes,
        {
          path: 'payment/pending',
          lazy: lazyComponent(
            () => import('./features/payment/PaymentPendingPage'),
            (module) => module.PaymentPendingPage,
          ),
        },
        { path: 'error/404', element: <NotFoundPage /> },
        { path: 'error/500', element: <ServerErrorPage /> },
        {
          id: SESSION_ROUTE_ID,
          loader: loadSession,
          shouldRevalidate: shouldReloadSession,
          // Called once per router, so every screen below shares one client.
          lazy: async () => {
            const [{ SessionLayout }, client] = await Promise.all([
              import('./features/session/SessionLayout'),
              queryClient ?? import('./api/queryClient').then((module) => module.createQueryClient()),
            ]);
            return { Component: () => <SessionLayout queryClient={client} /> };
          },
          children: [
            ...dashboardRoutes,
            quizEditorRoutes,
            {
              path: 'share/:shareCode',
              lazy: lazyComponent(
                () => import('./features/share/ShareLayout'),
                (module) => module.ShareLayout,
              ),
              children: [
                {
                  index: true,
                  lazy: lazyComponent(
                    () => import('./features/share/SharedQuizPage'),
                    (module) => module.SharedQuizPage,
                  ),
                },
              ],
            },
            { element: <OnlyForAdmins />, children: [templateEditorRoutes] },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
