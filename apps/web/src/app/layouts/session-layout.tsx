import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { useAuthData } from '../../lib/auth-store';
import { QueryProvider } from '../query-provider';
import { SiteShell } from './site-shell';

/**
 * For pages open to everyone (legal pages, 404) and for /welcome, which the spec lists both outside and
 * inside the main layout: with auth data they get the main navigation, without it the public frame.
 */
export function SessionLayout() {
  const authData = useAuthData();
  return (
    <QueryProvider>
      <SiteShell signedIn={authData !== null}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </SiteShell>
    </QueryProvider>
  );
}

export { SessionLayout as Component };
