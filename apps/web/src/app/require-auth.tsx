import { Navigate, Outlet, useLocation } from 'react-router';

import { useAuthData } from '../lib/auth-store';
import { loginPathFor } from '../lib/callback-path';

/**
 * Guard of the main layout (spec 2.2): without stored auth data the visitor goes to /login, with the
 * current path and query as `callbackPath`. Subscribed to the store, so losing the session anywhere
 * (refresh failure, sign-out in another tab) redirects at once.
 */
export function RequireAuth() {
  const authData = useAuthData();
  const { pathname, search } = useLocation();
  if (!authData) return <Navigate to={loginPathFor(pathname, search)} replace />;
  return <Outlet />;
}
