import { Stack } from '@mantine/core';
import { Outlet } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { NoPermission } from '../../features/admin/components/no-permission';
import { useMe } from '../../features/auth/api/get-me';
import { ProviderNav } from '../../features/provider/components/provider-nav';
import { SectionStrip } from '../layouts/section-strip';

/**
 * /provider/…: the provider's back office, provider admins only. The role comes from `GET /v1/me`;
 * others get "Keine Berechtigung" instead of calls the server would answer with 403 (which signs out).
 */
export function Component() {
  const me = useMe();
  if (me.isPending && me.fetchStatus !== 'idle') return <PageSkeleton />;
  if (me.data?.role !== 'PROVIDER_ADMIN') return <NoPermission />;
  return (
    <Stack gap="lg">
      <SectionStrip>
        <ProviderNav />
      </SectionStrip>
      <Outlet />
    </Stack>
  );
}
