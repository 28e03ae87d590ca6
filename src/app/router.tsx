/**
 * The router (react-router data mode), generated from the route table in routes.tsx.
 *
 *   /login /register /modify-password   public; a signed-in user goes to the dashboard
 *   the shell (header, sidebar, tags)   needs a session: the loader re-enters a remembered
 *     /                 -> /dashboard   one (GET api/User/Current) or sends the user to
 *     every page of the route table     /login?redirect=...; a page the user may not open
 *     each menu section -> first page   sends them to /error/401
 *   /a/:token           an asset's label link (assetLink.ts): log in, then the asset's page
 *   anything else       -> /404
 *
 * Loaders run before a page shows, while the progress bar runs; page components load lazily.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { LoginResult } from '../api/contract';
import { apiClient } from './api';
import { ASSET_LINK_ROUTE, assetLinkDestination, resolveAssetLink } from './assetLink';
import { ensureSession } from './auth';
import type { MessageKey } from './i18n/types';
import { groupLanding } from './menu';
import { RootLayout } from './RootLayout';
import { InitialLoading } from './shell/InitialLoading';
import { RouteErrorPage } from './pages/error/RouteErrorPage';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, REGISTER_PATH, RESET_PASSWORD_PATH, UNAUTHORIZED_PATH } from './paths';
import { canOpen, menuGroups, pageRoutes, type PageRoute } from './routes';
import { session } from './state/session';

/** Route metadata read by the document title and the tags (useMatches). */
export interface RouteHandle {
  titleKey: MessageKey;
  /** Present on shell pages: they appear as tags. */
  tag?: { affix: boolean };
}

const lazyComponent = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

async function requireUser({ request }: LoaderFunctionArgs): Promise<LoginResult> {
  const user = await ensureSession();
  if (user) return user;
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  const worthReturning = target !== '/' && target !== HOME_PATH && url.pathname !== NOT_FOUND_PATH;
  throw redirect(worthReturning ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH);
}

function publicPage(path: string, titleKey: MessageKey, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return {
    path,
    handle: { titleKey } satisfies RouteHandle,
    loader: () => (session.user ? redirect(HOME_PATH) : null),
    lazy: lazyComponent(load),
  };
}

function shellPage(route: PageRoute): RouteObject {
  return {
    path: route.path,
    handle: { titleKey: route.titleKey, tag: { affix: route.affix ?? false } } satisfies RouteHandle,
    loader: async (args) => {
      const user = await requireUser(args);
      if (!canOpen(route, user)) throw redirect(UNAUTHORIZED_PATH);
      return null;
    },
    lazy: lazyComponent(route.page),
  };
}

export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      publicPage(LOGIN_PATH, 'route.login', () => import('./pages/auth/LoginPage')),
      publicPage(REGISTER_PATH, 'route.register', () => import('./pages/auth/RegisterPage')),
      publicPage(RESET_PASSWORD_PATH, 'route.resetPassword', () => import('./pages/auth/ResetPasswordPage')),
      {
        loader: async (args) => (await requireUser(args), null),
        lazy: lazyComponent(() => import('./shell/AppShell')),
        children: [
          { path: '/', loader: () => redirect(HOME_PATH) },
          ...menuGroups.map(
            (group): RouteObject => ({
              path: group.path,
              loader: async (args) => {
                const user = await requireUser(args);
                return redirect(groupLanding(pageRoutes, group, user) ?? UNAUTHORIZED_PATH);
              },
            }),
          ),
          ...pageRoutes.map(shellPage),
        ],
      },
      {
        // An asset's label link: no menu, no tag; log in first (and come back), then its page.
        path: ASSET_LINK_ROUTE,
        loader: async (args) => {
          await requireUser(args);
          throw redirect(assetLinkDestination(await resolveAssetLink(apiClient, args.params.token)));
        },
      },
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
