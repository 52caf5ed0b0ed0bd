import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { AppProviders } from '../app/providers';
import { createTestI18n } from './i18n';

export interface RenderRoutesResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders a route table in memory with the app's providers (German texts, Mantine in test mode). */
export function renderRoutes(routes: RouteObject[], initialPath: string): RenderRoutesResult {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders i18n={createTestI18n()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Renders a single element at `/` with the app's providers. */
export function renderWithProviders(ui: ReactNode): RenderRoutesResult {
  return renderRoutes([{ path: '*', element: ui }], '/');
}
