import { Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

import { LoadingRegion } from '../../../components/page-skeleton';

/** A labelled `sm` input: its label line, the gap and the 36 px field. */
const FIELD_HEIGHT = 62;

/** Labelled inputs, one column on phones and `cols` from `sm` on, as the forms' grids lay them out. */
function FieldsSkeleton({ count, cols = 2 }: { count: number; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }}>
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={4} h={FIELD_HEIGHT}>
          <Skeleton height={14} width="45%" radius="sm" my={3} />
          <Skeleton height={36} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A fieldset of the form: its legend and `rows` rows of `cols` labelled fields (one column on phones). */
function FieldsetSkeleton({ rows, cols }: { rows: number; cols: number }) {
  return (
    <Paper withBorder radius="sm" p="md" pt="lg">
      <Stack gap="md">
        <Skeleton height={16} width={160} radius="sm" />
        {Array.from({ length: rows }, (_, index) => (
          <FieldsSkeleton key={index} count={cols} cols={cols} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The profile while it loads: the e-mail block and the first fieldsets of the form, at the sizes of
 * their fields, so the form takes the place the placeholder had.
 */
export function SalaryProfileSkeleton() {
  return (
    <LoadingRegion data-testid="profile-loading">
      <Stack gap="xl">
        <Paper withBorder radius="sm" p="md" pt="lg">
          <Group align="flex-end" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 18rem' }}>
              <Skeleton height={14} width={80} radius="sm" my={3} />
              <Skeleton height={12} width="60%" radius="sm" />
              <Skeleton height={36} />
            </Stack>
            <Skeleton height={36} width={110} />
          </Group>
        </Paper>
        <FieldsetSkeleton rows={4} cols={3} />
        <FieldsetSkeleton rows={3} cols={2} />
      </Stack>
    </LoadingRegion>
  );
}
