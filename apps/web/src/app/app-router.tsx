import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
// From 'react-router' (not '/dom'): no flushSync navigations are used, and one module instance is simpler.
import { RouterProvider, type DataRouter } from 'react-router';

import { useNotify } from '../components/use-notify';
import { subscribeAuthFailure } from '../lib/auth-events';
import { loginPathFor } from '../lib/callback-path';

/**
 * Renders the router and connects the API client's auth failures to it: the client only reports,
 * the app decides to show a toast and go to /login (spec 4.1, 8).
 */
export function AppRouter({ router }: { router: DataRouter }) {
  const { t } = useTranslation();
  const notify = useNotify();

  useEffect(
    () =>
      subscribeAuthFailure((reason) => {
        const { pathname, search } = router.state.location;
        if (pathname === '/login') return;
        notify.warning(reason === 'forbidden' ? t('session.forbidden') : t('session.expired'));
        void router.navigate(loginPathFor(pathname, search), { replace: true });
      }),
    [router, notify, t],
  );

  return <RouterProvider router={router} />;
}
