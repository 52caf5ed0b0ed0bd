import type { DataRouter } from 'react-router';

import { ConsentBoot } from '../features/consent/components/consent-boot';
import { i18n } from '../lib/i18n';
import { AppRouter } from './app-router';
import { AppProviders } from './providers';

/** The router is created once by the entry (main.tsx), outside React, so StrictMode cannot duplicate it. */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProviders i18n={i18n}>
      <ConsentBoot router={router} />
      <AppRouter router={router} />
    </AppProviders>
  );
}
