import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../routing/lazyComponent';
import { NotForLimitedAccounts } from '../session/NotForLimitedAccounts';

/**
 * Loaded when it renders, that is once NotForLimitedAccounts lets the account in: a route's `lazy` would be
 * fetched for every match, so a limited account would download the tab (and its chart library) it never sees.
 */
const AnalyticsTab = lazy(async () => ({
  default: (await import('../analytics/AnalyticsTab')).AnalyticsTab,
}));

/** The tabs both editors show: in the template editor they edit the template's quiz. */
const sharedTabRoutes: RouteObject[] = [
  {
    path: 'outcomes',
    lazy: lazyComponent(
      () => import('./outcomes/OutcomesTab'),
      (module) => module.OutcomesTab,
    ),
  },
  {
    path: 'start-page',
    lazy: lazyComponent(
      () => import('./startPage/StartPageTab'),
      (module) => module.StartPageTab,
    ),
  },
  {
    path: 'questions',
    lazy: lazyComponent(
      () => import('./questions/QuestionsTab'),
      (module) => module.QuestionsTab,
    ),
  },
];

export const quizEditorRoutes: RouteObject = {
  path: 'quizzes/:quizId',
  lazy: lazyComponent(
    () => import('./QuizLayout'),
    (module) => module.QuizLayout,
  ),
  children: [
    {
      index: true,
      lazy: lazyComponent(
        () => import('./configure/ConfigureTab'),
        (module) => module.ConfigureTab,
      ),
    },
    {
      path: 'appearance',
      lazy: lazyComponent(
        () => import('./appearance/AppearanceTab'),
        (module) => module.AppearanceTab,
      ),
    },
    ...sharedTabRoutes,
    {
      path: 'capture-form',
      lazy: lazyComponent(
        () => import('./captureForm/CaptureFormTab'),
        (module) => module.CaptureFormTab,
      ),
    },
    {
      path: 'scripts',
      lazy: lazyComponent(
        () => import('../scripts/QuizScriptsTab'),
        (module) => module.QuizScriptsTab,
      ),
    },
    {
      path: 'language',
      lazy: lazyComponent(
        () => import('./language/LanguageTab'),
        (module) => module.LanguageTab,
      ),
    },
    {
      path: 'tracking',
      lazy: lazyComponent(
        () => import('./tracking/TrackingTab'),
        (module) => module.TrackingTab,
      ),
    },
    {
      path: 'publish',
      lazy: lazyComponent(
        () => import('../publish/PublishTab'),
        (module) => module.PublishTab,
      ),
    },
    {
      path: 'leads',
      lazy: lazyComponent(
        () => import('../leads/LeadsTab'),
        (module) => module.LeadsTab,
      ),
    },
    {
      element: <NotForLimitedAccounts />,
      children: [
        {
          path: 'analytics',
          element: (
            <Suspense fallback={null}>
              <AnalyticsTab />
            </Suspense>
          ),
        },
      ],
    },
  ],
};

/** The template editor reuses the quiz editor's tab screens: they edit the template's quiz. */
export const templateEditorRoutes: RouteObject = {
  path: 'templates/:templateId',
  lazy: lazyComponent(
    () => import('./TemplateLayout'),
    (module) => module.TemplateLayout,
  ),
  children: [
    {
      index: true,
      lazy: lazyComponent(
        () => import('../templates/editor/TemplateSettingsTab'),
        (module) => module.TemplateSettingsTab,
      ),
    },
    ...sharedTabRoutes,
  ],
};
