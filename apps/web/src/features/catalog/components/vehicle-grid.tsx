import { Button, Group, Text } from '@mantine/core';
import type { VehicleSummary } from '@leasing/contract';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './search-page.module.css';
import { VehicleCard } from './vehicle-card';

/**
 * How many cards a page of results adds: sixteen rows at three columns, several screens full. A
 * catalogue of 1,000 cars would otherwise build 1,000 cards before the first one shows, and again on
 * every filter change.
 */
export const RESULTS_PAGE_SIZE = 48;

/** Cards in the first row of the widest grid: their pictures are in the first view, so load them at once. */
const FIRST_ROW = 3;

/**
 * The result cards, a page at a time: the next page comes when the end of the list scrolls near
 * (IntersectionObserver), or with the button below it, which keyboard and screen-reader users get too.
 * The parent gives it a new key when the filter changes, so a new result starts at its first page.
 */
export function VehicleGrid({ vehicles }: { vehicles: readonly VehicleSummary[] }) {
  const { t } = useTranslation('catalog');
  const [shown, setShown] = useState(RESULTS_PAGE_SIZE);
  // A transition: the click or scroll is answered at once, the new cards are built after that paint.
  const showMore = () => startTransition(() => setShown((count) => count + RESULTS_PAGE_SIZE));
  const sentinel = useRef<HTMLDivElement>(null);
  const more = vehicles.length - shown;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || more <= 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      // Start a screen early, so scrolling does not wait for the cards.
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more]);

  return (
    <>
      <ul className={classes.grid}>
        {vehicles.slice(0, shown).map((vehicle, index) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} firstRow={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <Group ref={sentinel} justify="center" gap="sm" data-testid="more-results">
          <Text size="sm" c="dimmed">
            {t('results.shown', { shown, count: vehicles.length })}
          </Text>
          <Button variant="default" onClick={showMore}>
            {t('results.more', { count: Math.min(more, RESULTS_PAGE_SIZE) })}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
