import { Card, Group, SimpleGrid, Stack } from '@mantine/core';

import { HeadingSkeleton, LoadingRegion, Skeleton, SkeletonLines } from '../../../components/page-skeleton';

/** Two rows of the widest grid: the first screen is full whatever the width. */
const PLACEHOLDER_CARDS = 3;

/** One order card's placeholder: the card's 160 px picture, its title lines, status and buttons. */
function OrderCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Card.Section>
        <Skeleton height={160} radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Stack gap={6}>
          <Skeleton height={22} width="55%" radius="sm" />
          <Skeleton height={16} width="70%" radius="sm" />
          <Skeleton height={14} width="45%" radius="sm" />
        </Stack>
        <Skeleton height={14} width="60%" radius="sm" />
        <Group gap={6}>
          <Skeleton height={24} width={70} radius="xl" />
          <Skeleton height={24} width={70} radius="xl" />
          <Skeleton height={24} width={70} radius="xl" />
        </Group>
        <Group gap="xs" mt="xs">
          <Skeleton height={30} width={90} />
          <Skeleton height={30} width={90} />
        </Group>
      </Stack>
    </Card>
  );
}

/** The order list while it loads: card placeholders in the list's grid. */
export function OrderListSkeleton() {
  return (
    <LoadingRegion data-testid="orders-loading">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <OrderCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </LoadingRegion>
  );
}

/** An order's screen (workflow, preview) while it loads: its heading and vehicle line, the steps, a panel. */
export function OrderSkeleton() {
  return (
    <LoadingRegion data-testid="order-loading">
      <Stack gap="xl">
        <HeadingSkeleton />
        <Group gap="md" wrap="nowrap">
          {Array.from({ length: 4 }, (_, index) => (
            <Group key={index} gap="xs" wrap="nowrap" style={{ flex: 1 }}>
              <Skeleton height={34} width={34} radius={17} />
              <SkeletonLines widths={['80%', '60%']} height={12} gap={6} />
            </Group>
          ))}
        </Group>
        <Skeleton height={420} radius="lg" />
      </Stack>
    </LoadingRegion>
  );
}
