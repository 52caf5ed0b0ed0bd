import { Group, Paper } from '@mantine/core';

import { LoadingRegion, Skeleton } from './page-skeleton';

/** A table while it loads (the admin lists): a header row and `rows` rows at a table row's height. */
export function TableSkeleton({ rows = 8, rowHeight = 44 }: { rows?: number; rowHeight?: number }) {
  return (
    <LoadingRegion>
      <Paper withBorder radius="md" px="md">
        <Group h={rowHeight} gap="md" wrap="nowrap" justify="space-between">
          <Skeleton height={14} width="30%" radius="sm" />
          <Skeleton height={14} width="20%" radius="sm" />
        </Group>
        {Array.from({ length: rows }, (_, index) => (
          <Group key={index} h={rowHeight} gap="md" wrap="nowrap" justify="space-between">
            <Skeleton height={12} width="45%" radius="sm" />
            <Skeleton height={12} width="15%" radius="sm" />
          </Group>
        ))}
      </Paper>
    </LoadingRegion>
  );
}
