import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { WaitIndicator } from '../components/wait-indicator';
import { queryClient } from '../lib/query-client';

/**
 * Server state for the screens that use it, with the bar that shows a wait longer than 300 ms. Provided by the layouts rather than the app root, so the
 * sign-in screen (which needs no cache) starts without TanStack Query in its bundle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WaitIndicator />
      {children}
    </QueryClientProvider>
  );
}
