import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import catalogDe from '../../../../public/locales/de/catalog.json';
import { AppProviders } from '../../../app/providers';
import { createTestI18n } from '../../../test/i18n';

/** The shared test i18n plus this feature's namespace. */
export function createCatalogTestI18n() {
  const i18n = createTestI18n();
  i18n.addResourceBundle('de', 'catalog', catalogDe);
  return i18n;
}

/**
 * Renders catalogue routes in memory with the app's providers, German texts and a fresh query cache
 * without retries (each test sees its own server answers).
 */
export function renderCatalogRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders i18n={createCatalogTestI18n()} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
