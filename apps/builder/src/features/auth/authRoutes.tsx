import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../routing/lazyComponent';
import { passwordLinkLoader, redirectSignedInUser } from './authLoaders';

export const authRoutes: RouteObject[] = [
  {
    lazy: lazyComponent(
      () => import('./RoutedAuthLayout'),
      (module) => module.RoutedAuthLayout,
    ),
    children: [
      {
        path: 'login',
        loader: redirectSignedInUser,
        lazy: lazyComponent(
          () => import('./LoginPage'),
          (module) => module.LoginPage,
        ),
      },
      {
        path: 'forgot-password',
        lazy: lazyComponent(
          () => import('./ForgotPasswordPage'),
          (module) => module.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password/:userId/:code',
        loader: passwordLinkLoader('reset'),
        lazy: lazyComponent(
          () => import('./ResetPasswordPage'),
          (module) => module.ResetPasswordPage,
        ),
      },
      {
        path: 'set-password/:userId/:code',
        loader: passwordLinkLoader('set'),
        lazy: lazyComponent(
          () => import('./SetPasswordPage'),
          (module) => module.SetPasswordPage,
        ),
      },
    ],
  },
];
