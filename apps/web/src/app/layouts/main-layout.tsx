import { Suspense } from 'react';
import { Outlet } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { QueryProvider } from '../query-provider';
import { SiteShell } from './site-shell';

/** Layout of the signed-in area; the auth guard sits in front of it in the route table. */
export function MainLayout() {
  return (
    <QueryProvider>
      <SiteShell signedIn>
        {/* Pages that load a translation namespace suspend here, so the navigation stays visible. */}
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </SiteShell>
    </QueryProvider>
  );
}

export { MainLayout as Component };
export { preloadMe as preload } from '../../features/auth/api/preload-me';
/** The cache of the signed-in area, for the routes' preloads (app/route-preload.ts). */
export { queryClient } from '../../lib/query-client';
