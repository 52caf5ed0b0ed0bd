import { PageSkeleton } from '../../components/page-skeleton';
import { useMe } from '../../features/auth/api/get-me';
import { isAdminRole } from '../../features/admin/admin-actions';
import { AdminOrdersPage } from '../../features/admin/components/admin-orders-page';
import { NoPermission } from '../../features/admin/components/no-permission';

/**
 * /admin/orders: tenant and provider admins only. The role comes from `GET /v1/me`; others get a
 * "Keine Berechtigung" page instead of a call the server would answer with 403 (which signs out).
 */
export function Component() {
  const me = useMe();
  // While signed in `me` loads; without an answer (signed out, failed call) there is no admin role.
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSkeleton />;
  const role = me.data?.role;
  if (!isAdminRole(role)) return <NoPermission />;
  return <AdminOrdersPage role={role} />;
}
