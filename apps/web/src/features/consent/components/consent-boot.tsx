import { Suspense, lazy, useEffect } from 'react';
import type { DataRouter } from 'react-router';

import { loadSiteConfig } from '../consent-store';
import { useConsent } from '../use-consent';

// The banner and the page-view reporter are downloaded only where the installation has analytics:
// everyone else's first view carries just this and the question to the server.
const ConsentHost = lazy(() => import('./consent-host').then((m) => ({ default: m.ConsentHost })));

/** Asks the server whether there is page analytics; only then brings in the consent handling. */
export function ConsentBoot({ router }: { router: DataRouter }) {
  const { analytics } = useConsent();
  useEffect(() => {
    void loadSiteConfig();
  }, []);
  if (!analytics) return null;
  return (
    <Suspense fallback={null}>
      <ConsentHost router={router} analytics={analytics} />
    </Suspense>
  );
}
