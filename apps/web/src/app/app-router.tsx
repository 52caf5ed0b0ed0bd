import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// From 'react-router' (not '/dom'): no flushSync navigations are used, and one module instance is simpler.
import { RouterProvider } from 'react-router';

import { useNotify } from '../components/use-notify';
import { subscribeAuthFailure } from '../lib/auth-events';
import { loginPathFor } from '../lib/callback-path';
import { createAppRouter } from './router';

/**
 * Creates the router and connects the API client's auth failures to it: the client only reports,
 * the app decides to show a toast and go to /login (spec 4.1, 8).
 */
export function AppRouter() {
  const [router] = useState(createAppRouter);
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

  useEffect(
    () => () => {
      router.dispose();
    },
    [router],
  );

  return <RouterProvider router={router} />;
}
