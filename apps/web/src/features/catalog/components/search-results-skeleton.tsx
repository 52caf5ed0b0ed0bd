import { Group, Stack } from '@mantine/core';

import { LoadingRegion, Skeleton } from '../../../components/page-skeleton';
import searchClasses from './search-page.module.css';
import cardClasses from './vehicle-card.module.css';

/** Two rows of the widest grid (three columns): the first screen is full whatever the width. */
const PLACEHOLDER_CARDS = 6;

/**
 * One vehicle card's placeholder: the card's own frame, picture box and padding (vehicle-card.module.css)
 * with its text blocks at their rendered heights (title block, facts, delivery line, price row, prices;
 * a card whose name wraps is a line taller), so the grid keeps its shape when the vehicles arrive.
 */
function VehicleCardSkeleton() {
  return (
    <div className={cardClasses.card}>
      <Skeleton height={180} radius={0} />
      <div className={cardClasses.body}>
        <Stack gap={4} h={60}>
          <Skeleton height={12} width="30%" radius="sm" mt={2} />
          <Skeleton height={18} width="65%" radius="sm" />
          <Skeleton height={14} width="40%" radius="sm" mt={4} />
        </Stack>
        <Stack gap={9} h={69} pt={5}>
          <Skeleton height={14} width="70%" radius="sm" />
          <Skeleton height={14} width="60%" radius="sm" />
          <Skeleton height={14} width="75%" radius="sm" />
        </Stack>
        <Skeleton height={14} width="75%" radius="sm" my={3} />
        <Group justify="space-between" align="flex-end" wrap="nowrap" h={51} mt="auto">
          <Stack gap={6}>
            <Skeleton height={14} width={110} radius="sm" />
            <Skeleton height={28} width={140} radius="sm" />
          </Stack>
          <Skeleton height={30} width={110} radius="xl" />
        </Group>
        <Stack gap={9} h={45} pt={4}>
          <Skeleton height={14} width="65%" radius="sm" />
          <Skeleton height={14} width="45%" radius="sm" />
        </Stack>
      </div>
      <div className={cardClasses.footer}>
        <Skeleton height={12} width="60%" radius="sm" my={3.5} />
      </div>
    </div>
  );
}

/** The result list while the search loads: the count line and a grid of card placeholders. */
export function SearchResultsSkeleton() {
  return (
    <LoadingRegion data-testid="search-loading">
      <Stack gap="sm">
        <Skeleton height={14} width={160} radius="sm" my={3} />
        <ul className={searchClasses.grid}>
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <li key={index}>
              <VehicleCardSkeleton />
            </li>
          ))}
        </ul>
      </Stack>
    </LoadingRegion>
  );
}
