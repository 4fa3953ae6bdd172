import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import HomePage from '@/pages/home/HomePage';
import { ErrorPage } from '@/pages/error/ErrorPage';
import { AppLayout } from './layout/AppLayout';
import { PATHS } from './paths';

/** Every page but the converter is split into its own chunk, fetched when its route is first visited. */
function lazyPage(load: () => Promise<{ Page: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).Page });
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Catches errors of the layout itself; the pathless route below keeps header and footer for page errors.
    errorElement: <ErrorPage standalone />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: PATHS.home, element: <HomePage /> },
          { path: PATHS.terms, lazy: lazyPage(() => import('@/pages/legal/terms/TermsPage')) },
          { path: PATHS.privacy, lazy: lazyPage(() => import('@/pages/legal/privacy/PrivacyPage')) },
          { path: PATHS.cookies, lazy: lazyPage(() => import('@/pages/legal/cookies/CookiesPage')) },
          { path: PATHS.feedback, lazy: lazyPage(() => import('@/pages/feedback/FeedbackPage')) },
          { path: '*', lazy: lazyPage(() => import('@/pages/not-found/NotFoundPage')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
