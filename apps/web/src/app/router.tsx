import { Outlet, ScrollRestoration, createBrowserRouter, redirect, type RouteObject } from 'react-router';

import { PageLoader } from '../components/page-loader';
import { getAuthData } from '../lib/auth-store';
import { RequireAuth } from './require-auth';
import { preloadRoute } from './route-preload';
import { RouteError } from './route-error';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The route table of spec 2.1/2.2. Every screen and layout is a lazy module, so the first load only
 * brings the shell plus the chunks of the current page. Pages sit under a pathless route with an error
 * boundary, so a failing page shows the error inside its layout.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      // Each role's home (app/home.ts, ADR 0062): a visitor goes to /login (no callbackPath for /, spec
      // 2.2), a signed-in one by role to the search, the employer portal or the back office. A loader's
      // redirect happens inside the navigation: / is never shown, so it is never counted as a page view.
      {
        index: true,
        loader: () => (getAuthData() === null ? redirect('/login') : import('./home').then((home) => home.homeRedirect())),
      },

      // Screens without the main layout (spec 2.1).
      {
        lazy: () => import('./layouts/auth-layout'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              // Sign-in and sign-out need no server-state cache, which keeps /login's first load small.
              { path: 'login', lazy: () => import('./routes/login') },
              { path: 'login/sso', lazy: () => import('./routes/login-sso') },
              { path: 'logout', lazy: () => import('./routes/logout') },
              {
                lazy: () => import('./layouts/query-layout'),
                children: [
                  { path: 'register', lazy: () => import('./routes/register') },
                  { path: 'register/set-password/:code', lazy: () => import('./routes/register-set-password') },
                  { path: 'register/:registerCode', lazy: () => import('./routes/register-code') },
                  { path: 'check-email', lazy: () => import('./routes/check-email') },
                  { path: 'forgotten', lazy: () => import('./routes/forgotten') },
                  { path: 'invite/:code', lazy: () => import('./routes/invite') },
                  { path: 'user/passwordReset/:code', lazy: () => import('./routes/password-reset') },
                  { path: 'user/emailConfirm/:code', lazy: () => import('./routes/email-confirm') },
                ],
              },
            ],
          },
        ],
      },

      // Main layout (spec 2.2), only with stored auth data.
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./layouts/main-layout'),
            loader: preloadRoute({ data: () => import('./layouts/main-layout') }),
            children: [
              {
                ErrorBoundary: RouteError,
                children: [
                  {
                    path: 'search',
                    lazy: () => import('./routes/search'),
                    loader: preloadRoute({ data: () => import('./routes/search') }),
                  },
                  { path: 'about', lazy: () => import('./routes/about') },
                  { path: 'faq', lazy: () => import('./routes/faq') },
                  {
                    path: 'vehicle/:vehicleId',
                    lazy: () => import('./routes/vehicle'),
                    loader: preloadRoute({ data: () => import('./routes/vehicle') }),
                  },
                  { path: 'order/:orderId', lazy: () => import('./routes/order') },
                  { path: 'order/:orderId/preview', lazy: () => import('./routes/order-preview') },
                  { path: 'order/:orderId/workflow', lazy: () => import('./routes/order-workflow') },
                  { path: 'my-car', lazy: () => import('./routes/my-car') },
                  { path: 'admin/orders', lazy: () => import('./routes/admin-orders') },
                  {
                    path: 'provider',
                    lazy: () => import('./routes/provider-layout'),
                    children: [
                      { index: true, lazy: () => import('./routes/provider') },
                      { path: 'tenants', lazy: () => import('./routes/provider-tenants') },
                      { path: 'tenants/:tenantId', lazy: () => import('./routes/provider-tenant') },
                      { path: 'price-list', lazy: () => import('./routes/provider-price-list') },
                      { path: 'photos', lazy: () => import('./routes/provider-photos') },
                      { path: 'orders', lazy: () => import('./routes/provider-orders') },
                      { path: 'claims', lazy: () => import('./routes/provider-claims') },
                      { path: 'package-changes', lazy: () => import('./routes/provider-package-changes') },
                      { path: 'invoices', lazy: () => import('./routes/provider-invoices') },
                      { path: 'invoices/profile', lazy: () => import('./routes/provider-billing-profile') },
                      { path: 'contract-check', lazy: () => import('./routes/contract-check') },
                    ],
                  },
                  {
                    path: 'employer',
                    lazy: () => import('./routes/employer-layout'),
                    children: [
                      { index: true, lazy: () => import('./routes/employer') },
                      { path: 'employees', lazy: () => import('./routes/employer-employees') },
                      // Without a month the page opens the current one.
                      { path: 'payroll/:month?', lazy: () => import('./routes/employer-payroll') },
                      { path: 'policy', lazy: () => import('./routes/employer-policy') },
                      { path: 'contract-check', lazy: () => import('./routes/contract-check') },
                      { path: 'licence-checks', lazy: () => import('./routes/employer-licence-checks') },
                      { path: 'invoices', lazy: () => import('./routes/employer-invoices') },
                      { path: 'integrations', lazy: () => import('./routes/employer-integrations') },
                    ],
                  },
                  {
                    path: 'profile',
                    lazy: () => import('./routes/profile'),
                    children: [
                      { index: true, loader: () => redirect('/profile/salary') },
                      {
                        path: 'salary',
                        lazy: () => import('./routes/profile-salary'),
                        loader: preloadRoute({ data: () => import('./routes/profile-salary') }),
                      },
                      { path: 'orders', lazy: () => import('./routes/profile-orders') },
                      { path: 'security', lazy: () => import('./routes/profile-security') },
                      { path: 'contract-check', lazy: () => import('./routes/contract-check') },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },

      // Open to everyone; framed by the main layout when signed in, by the public frame otherwise.
      // /welcome is listed both outside and inside the main layout in the spec, hence here.
      {
        lazy: () => import('./layouts/session-layout'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: 'welcome', lazy: () => import('./routes/welcome') },
              { path: 'impressum', lazy: () => import('./routes/imprint') },
              { path: 'datenschutz', lazy: () => import('./routes/privacy') },
              { path: '*', lazy: () => import('./routes/not-found') },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
