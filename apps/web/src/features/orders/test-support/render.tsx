import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { AppProviders } from '../../../app/providers';
import { createTestI18n } from '../../../test/i18n';

/**
 * Renders routes in memory with the app's providers (German texts unless `language` says English) and
 * a fresh query cache without retries, so each test sees exactly its own server answers.
 */
export function renderWithRoutes(routes: RouteObject[], initialPath: string, language: 'de' | 'en' = 'de') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders i18n={createTestI18n(language)} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A PDF answer as the API sends it. */
export function pdfResponse(): Response {
  return new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });
}
