import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../routing/lazyComponent';

export const authRoutes: RouteObject[] = [
  {
    lazy: lazyComponent(
      () => import('./AuthLayout'),
      (module) => module.AuthLayout,
    ),
    children: [
      {
        path: 'login',
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
        lazy: lazyComponent(
          () => import('./ResetPasswordPage'),
          (module) => module.ResetPasswordPage,
        ),
      },
      {
        path: 'set-password/:userId/:code',
        lazy: lazyComponent(
          () => import('./SetPasswordPage'),
          (module) => module.SetPasswordPage,
        ),
      },
    ],
  },
];
