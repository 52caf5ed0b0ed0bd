import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { usePageTitle } from '../../../components/use-page-title';
import { useSlicedFirstBuild } from '../../../lib/use-sliced-first-build';
import { useVehicles } from '../api/get-vehicles';
import {
  EMPTY_FILTER,
  activeFilterCount,
  isEmptyFilter,
  parseFilter,
  parseSort,
  serializeFilter,
  type CatalogFilter,
} from '../search-filter';
import { FilterForm } from './filter-form';
import { SortSelect } from './sort-select';
import { SearchResultsSkeleton } from './search-results-skeleton';
import classes from './search-page.module.css';
import { VehicleGrid } from './vehicle-grid';

// Narrow screens only, and only once opened: the drawer's weight stays out of the first load.
const FilterDrawer = lazy(() => import('./filter-drawer').then((m) => ({ default: m.FilterDrawer })));

function FilterIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M3 5h18M6 12h12M10 19h4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * /search: filter bar (drawer on narrow screens), the order of the cards and the grid of vehicle cards
 * (spec 2.3, 4.2, 5; ADR 0062). The address holds filter and order.
 */
export function SearchPage() {
  const { t } = useTranslation('catalog');
  const { t: tShared } = useTranslation();
  usePageTitle(tShared('search.title'));

  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = useMemo(() => parseFilter(searchParams), [searchParams]);
  // The forms restart from the query string whenever its filter changes (filter, clear, back button);
  // the grid whenever its order does too, so a new order starts at its first page.
  const filterKey = serializeFilter({ ...filter, sort: null });
  const resultsKey = serializeFilter(filter);
  const apply = (next: CatalogFilter) => {
    void navigate({ search: serializeFilter(next) });
  };
  // Clearing the filter keeps the order.
  const clear = () => {
    void navigate({ search: serializeFilter({ ...EMPTY_FILTER, sort: filter.sort }) });
  };

  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const activeCount = activeFilterCount(filter);

  // Spec 8: a failed load is kept in the query state without a message to the user.
  const vehicles = useVehicles(filter);
  const results = useSlicedFirstBuild(vehicles.data);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{tShared('search.title')}</Title>
        <Text c="dimmed">{tShared('search.intro')}</Text>
      </Stack>

      <Box visibleFrom="md" className={classes.filterBar}>
        <FilterForm key={filterKey} variant="bar" initial={filter} onApply={apply} onClear={clear} />
      </Box>
      <div className={classes.toolbar}>
        <Box hiddenFrom="md">
          <Button
            variant="default"
            leftSection={<FilterIcon />}
            onClick={() => {
              setDrawerRequested(true);
              drawer.open();
            }}
            aria-haspopup="dialog"
          >
            {activeCount > 0 ? t('filters.openWithCount', { count: activeCount }) : tShared('main.filters')}
          </Button>
        </Box>
        <SortSelect
          value={filter.sort}
          onChange={(value) => {
            void navigate({ search: serializeFilter({ ...filter, sort: parseSort(value) }) });
          }}
        />
      </div>
      {drawerRequested ? (
        <Suspense fallback={null}>
          <FilterDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            filterKey={filterKey}
            initial={filter}
            onApply={apply}
            onClear={clear}
          />
        </Suspense>
      ) : null}

      <section aria-label={t('results.label')} aria-busy={vehicles.isFetching}>
        {vehicles.isPending || (vehicles.data && !results) ? (
          <SearchResultsSkeleton />
        ) : results ? (
          results.length === 0 ? (
            <Stack gap="sm" align="flex-start" className={classes.empty} data-testid="search-empty">
              <Title order={2} size="h4">
                {t('results.emptyTitle')}
              </Title>
              <Text size="sm">{isEmptyFilter(filter) ? t('results.emptyCatalog') : t('results.emptyText')}</Text>
              {isEmptyFilter(filter) ? null : (
                <Button variant="default" size="xs" onClick={clear}>
                  {tShared('main.clear')}
                </Button>
              )}
            </Stack>
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" role="status" data-testid="result-count">
                {t('results.count', { count: results.length })}
              </Text>
              <VehicleGrid key={resultsKey} vehicles={results} />
            </Stack>
          )
        ) : null}
      </section>
    </Stack>
  );
}
