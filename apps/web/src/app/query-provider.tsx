import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { queryClient } from '../lib/query-client';

/**
 * Server state for the screens that use it. Provided by the layouts rather than the app root, so the
 * sign-in screen (which needs no cache) starts without TanStack Query in its bundle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
