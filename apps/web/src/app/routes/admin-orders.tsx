import { Navigate, useLocation } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { useMe } from '../../features/auth/api/get-me';
import { pipelineAddressOf } from '../../features/admin/admin-orders-address';
import { AdminOrdersPage } from '../../features/admin/components/admin-orders-page';
import { NoPermission } from '../../features/admin/components/no-permission';

/**
 * /admin/orders: HR's approvals ("Freigaben"). A provider admin's one order list is the back office's
 * pipeline, so they are sent on to /provider/orders with what of the address carries over. The role
 * comes from `GET /v1/me`; others get a "Keine Berechtigung" page instead of a call the server would
 * answer with 403 (which signs out).
 */
export function Component() {
  const me = useMe();
  const { search } = useLocation();
  // While signed in `me` loads; without an answer (signed out, failed call) there is no admin role.
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSkeleton />;
  const role = me.data?.role;
  if (role === 'PROVIDER_ADMIN') return <Navigate to={pipelineAddressOf(search)} replace />;
  if (role !== 'TENANT_ADMIN') return <NoPermission />;
  return <AdminOrdersPage />;
}
