import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../routing/lazyComponent';
import { NotForLimitedAccounts } from '../session/NotForLimitedAccounts';
import { OnlyForAdmins } from '../session/OnlyForAdmins';
import { OnlyForCommercialAccounts } from '../session/OnlyForCommercialAccounts';

export const dashboardRoutes: RouteObject[] = [
  {
    lazy: lazyComponent(
      () => import('./MainLayout'),
      (module) => module.MainLayout,
    ),
    children: [
      {
        index: true,
        lazy: lazyComponent(
          () => import('../quizzes/MyQuizzesPage'),
          (module) => module.MyQuizzesPage,
        ),
      },
      {
        element: <OnlyForCommercialAccounts />,
        children: [
          {
            path: 'account',
            lazy: lazyComponent(
              () => import('../account/AccountPage'),
              (module) => module.AccountPage,
            ),
          },
        ],
      },
      {
        path: 'domains',
        lazy: lazyComponent(
          () => import('../domains/DomainsPage'),
          (module) => module.DomainsPage,
        ),
      },
      {
        path: 'html-forms',
        lazy: lazyComponent(
          () => import('../htmlForms/HtmlFormsPage'),
          (module) => module.HtmlFormsPage,
        ),
      },
      {
        path: 'integrations/new',
        lazy: lazyComponent(
          () => import('../integrations/AddIntegrationPage'),
          (module) => module.AddIntegrationPage,
        ),
      },
      // A connect ends here: status auth-success means connected, auth-failed carries the reason.
      {
        path: 'integrations/:integration?/:status?',
        lazy: lazyComponent(
          () => import('../integrations/IntegrationsPage'),
          (module) => module.IntegrationsPage,
        ),
      },
      {
        path: 'scripts',
        lazy: lazyComponent(
          () => import('../scripts/AccountScriptsPage'),
          (module) => module.AccountScriptsPage,
        ),
      },
      {
        element: <OnlyForAdmins />,
        children: [
          {
            path: 'templates',
            lazy: lazyComponent(
              () => import('../templates/TemplatesPage'),
              (module) => module.TemplatesPage,
            ),
          },
          {
            path: 'templates/new',
            lazy: lazyComponent(
              () => import('../templates/NewTemplatePage'),
              (module) => module.NewTemplatePage,
            ),
          },
        ],
      },
      {
        path: 'profile',
        lazy: lazyComponent(
          () => import('../profile/ProfilePage'),
          (module) => module.ProfilePage,
        ),
      },
      {
        path: 'quizzes/new',
        lazy: lazyComponent(
          () => import('../quizzes/NewQuizPage'),
          (module) => module.NewQuizPage,
        ),
      },
      {
        element: <NotForLimitedAccounts />,
        children: [
          {
            path: 'leads-challenge',
            lazy: lazyComponent(
              () => import('../leadsChallenge/LeadsChallengePage'),
              (module) => module.LeadsChallengePage,
            ),
          },
          {
            path: 'zapier',
            lazy: lazyComponent(
              () => import('../zapier/ZapierPage'),
              (module) => module.ZapierPage,
            ),
          },
        ],
      },
    ],
  },
];
