import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  PipelineStatuses,
  StepTypes,
  type PipelineStatus,
  type ProviderOrderRow,
  type StepType,
} from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInteger } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useMileageForecasts } from '../api/get-mileage-forecasts';
import { usePipeline } from '../api/get-pipeline';
import { LoadError } from './load-error';
import { OrderDrawer } from './order-drawer';
import { PipelineList } from './pipeline-list';
import { TenantPicker } from './tenant-picker';

const PAGE_SIZE = 25;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The pipeline's state in the address; it has one order (newest first). */
const LIST_STATE = {
  sorts: ['newest'],
  filters: { tenantId: isId, status: PipelineStatuses, step: StepTypes, from: isDay, to: isDay },
} as const;

const NO_FILTERS = { tenantId: null, status: null, step: null, from: null, to: null };

/**
 * /provider/orders: the provider's one order list (also where /admin/orders leads a provider admin),
 * filtered and paged on the server; each order opens in a drawer with its rate, documents, history and
 * the actions of its current step.
 */
export function PipelinePage() {
  const { t } = useTranslation('provider');
  const { state, update } = useListState(LIST_STATE);
  const filters = state.filters;
  const [selected, setSelected] = useState<ProviderOrderRow | null>(null);
  usePageTitle(t('pipeline.title'));
  const pipeline = usePipeline({
    ...(filters.tenantId ? { tenantId: filters.tenantId } : {}),
    ...(filters.status ? { status: filters.status as PipelineStatus } : {}),
    ...(filters.step ? { step: filters.step as StepType } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(state.q ? { q: state.q } : {}),
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const change = (next: Partial<Record<keyof typeof NO_FILTERS, string | null>>) => update({ filters: next });
  // One request for the shown page's orders, once the page is there; a failure leaves the cells at "–".
  const forecasts = useMileageForecasts(pipeline.data?.items.map((row) => row.id) ?? []);
  const forecastOf = (orderId: number) => forecasts.data?.find((f) => f.orderId === orderId) ?? null;

  let content;
  if (pipeline.isError) content = <LoadError onRetry={() => void pipeline.refetch()} />;
  else if (pipeline.isPending) content = <TableSkeleton />;
  else if (pipeline.data.items.length === 0) content = <Text>{t('pipeline.empty')}</Text>;
  else {
    const { items, total } = pipeline.data;
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="pipeline-total">
          {t('pipeline.total', { count: total, formatted: formatInteger(total) })}
        </Text>
        <PipelineList
          items={items}
          forecastOf={forecastOf}
          forecastsLoading={forecasts.isPending && forecasts.fetchStatus === 'fetching'}
          onOpen={setSelected}
        />
        <ListPager
          total={total}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          label={t('pipeline.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pipeline.title')}</Title>
        <Text c="dimmed">{t('pipeline.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <ListSearchInput
          label={t('pipeline.search')}
          placeholder={t('pipeline.searchPlaceholder')}
          value={state.q}
          onSearch={(q) => update({ q })}
        />
        <TenantPicker
          label={t('pipeline.employer')}
          placeholder={t('pipeline.all')}
          value={filters.tenantId}
          onChange={(tenantId) => change({ tenantId })}
        />
        <Select
          label={t('pipeline.status')}
          placeholder={t('pipeline.all')}
          data={PipelineStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          value={filters.status}
          onChange={(status) => change({ status })}
          clearable
        />
        <Select
          label={t('pipeline.step')}
          placeholder={t('pipeline.all')}
          data={StepTypes.map((value) => ({ value, label: t(`steps.${value}`) }))}
          value={filters.step}
          onChange={(step) => change({ step })}
          clearable
        />
        <DayField
          label={t('pipeline.from')}
          value={filters.from ?? ''}
          onChange={(from) => change({ from: from || null })}
          clearable
        />
        <DayField
          label={t('pipeline.to')}
          value={filters.to ?? ''}
          onChange={(to) => change({ to: to || null })}
          clearable
        />
      </SimpleGrid>
      <Group>
        <Button variant="subtle" size="xs" onClick={() => update({ q: '', filters: NO_FILTERS })}>
          {t('pipeline.reset')}
        </Button>
      </Group>
      {content}
      {/* The row as the list shows it now, or as it was when opened once the order left this page. */}
      <OrderDrawer
        row={selected ? (pipeline.data?.items.find((item) => item.id === selected.id) ?? selected) : null}
        onClose={() => setSelected(null)}
      />
    </Stack>
  );
}
