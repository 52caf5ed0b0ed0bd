import { Stack } from '@mantine/core';

import { LoadingRegion, Skeleton } from '../../../components/page-skeleton';

/**
 * The profile while it loads: the e-mail block and the first fieldsets as blocks of their desktop
 * heights. Plain blocks rather than field by field: the salary form's first view is at its JavaScript
 * budget (0010).
 */
export function SalaryProfileSkeleton() {
  return (
    <LoadingRegion data-testid="profile-loading">
      <Stack gap="xl">
        <Skeleton height={122} radius="sm" />
        <Skeleton height={370} radius="sm" />
        <Skeleton height={300} radius="sm" />
      </Stack>
    </LoadingRegion>
  );
}
