import { Stack } from '@mantine/core';
import { Outlet } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { NoPermission } from '../../features/admin/components/no-permission';
import { useMe } from '../../features/auth/api/get-me';
import { EmployerNav } from '../../features/employer/components/employer-nav';
import { SectionStrip } from '../layouts/section-strip';

/**
 * /employer/…: the employer portal, tenant admins only. The role comes from `GET /v1/me`; others get
 * "Keine Berechtigung" instead of calls the server would answer with 403 (which signs out).
 */
export function Component() {
  const me = useMe();
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSkeleton />;
  if (me.data?.role !== 'TENANT_ADMIN') return <NoPermission />;
  return (
    <Stack gap="lg">
      <SectionStrip>
        <EmployerNav />
      </SectionStrip>
      <Outlet />
    </Stack>
  );
}
