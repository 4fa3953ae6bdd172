import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
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

/**
 * The route a location shows, as the prerendered HTML names it (`data-route` on #root): its path pattern,
 * '*' for the not-found page.
 */
export function routeOf(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

/**
 * Loads the lazy page of the location before the browser's router is created: a router still loading one
 * renders nothing, which would not match the prerendered HTML. False when it failed to load: the router then
 * loads it again itself and shows the error page.
 */
export async function loadLocationRoutes(): Promise<boolean> {
  const pending = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  try {
    await Promise.all(
      pending.map(async ({ route }) => {
        const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
    return true;
  } catch {
    return false;
  }
}

export const createAppRouter = () => createBrowserRouter(routes);
