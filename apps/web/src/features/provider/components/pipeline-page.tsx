import {
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  PipelineStatuses,
  StepTypes,
  type MileageForecastRow,
  type PipelineStatus,
  type ProviderOrderRow,
  type StepType,
} from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDate, formatInteger, formatKm, formatPrice } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useMileageForecasts } from '../api/get-mileage-forecasts';
import { usePipeline } from '../api/get-pipeline';
import { LoadError } from './load-error';
import { OrderTimelineDrawer } from './order-timeline-drawer';
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

/** /provider/orders: the order pipeline, filtered and paged on the server, with each order's history. */
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
        <Table.ScrollContainer minWidth={1040}>
          <Table striped highlightOnHover>
            <Table.Caption>{t('pipeline.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pipeline.order')}</Table.Th>
                <Table.Th>{t('pipeline.employee')}</Table.Th>
                <Table.Th>{t('pipeline.vehicle')}</Table.Th>
                <Table.Th>{t('pipeline.status')}</Table.Th>
                <Table.Th>{t('pipeline.window')}</Table.Th>
                <Table.Th>{t('pipeline.forecast')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-testid="pipeline-row">
                  <Table.Th scope="row">
                    <Text fw={700}>{t('pipeline.orderValue', { orderId: row.id })}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(row.created)}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.employee.firstName} {row.employee.lastName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.tenantName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {[row.vehicle.brand, row.vehicle.carModel, row.vehicle.trimLevel].filter(Boolean).join(' ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatPrice(row.monthlyGrossRate)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`statuses.${row.pipelineStatus}`)}</Badge>
                    <Text size="xs" c="dimmed">
                      {t(`steps.${row.status}`)}
                    </Text>
                    {row.cancellableUntil ? (
                      <Text size="xs" c="dimmed" data-testid="cancellable-until">
                        {t('pipeline.cancellableUntil', { date: formatDate(row.cancellableUntil) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {row.deliveryWindow
                        ? `${formatDate(row.deliveryWindow.from)} – ${formatDate(row.deliveryWindow.to)}`
                        : row.handoverDate
                          ? t('pipeline.handedOver', { date: formatDate(row.handoverDate) })
                          : '–'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="mileage-forecast">
                    {forecasts.isPending && forecasts.fetchStatus === 'fetching' ? (
                      <Skeleton height={12} width={120} aria-hidden />
                    ) : (
                      <ForecastCell forecast={forecastOf(row.id)} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setSelected(row)}>
                      {t('pipeline.details')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
      <OrderTimelineDrawer
        order={selected && pipeline.data ? (pipeline.data.items.find((i) => i.id === selected.id) ?? selected) : null}
        onClose={() => setSelected(null)}
      />
    </Stack>
  );
}

/**
 * Where a running lease's kilometres are heading: the odometer at the lease's end against the
 * contract's kilometres, and what the return would settle for that distance (ADR 0054); "–" without one.
 */
function ForecastCell({ forecast }: { forecast: MileageForecastRow | null }) {
  const { t } = useTranslation('provider');
  if (forecast?.forecastEndKm == null) return <Text size="sm">–</Text>;
  const total = forecast.projectedTotalEur;
  return (
    <>
      <Text size="sm">
        {t('pipeline.forecastKm', { km: formatKm(forecast.forecastEndKm), contract: formatKm(forecast.contractKm) })}
      </Text>
      {total === null ? null : (
        <Text
          size="xs"
          c={forecast.overTolerance ? 'orange.8' : 'dimmed'}
          fw={forecast.overTolerance ? 600 : undefined}
        >
          {total > 0
            ? t('pipeline.forecastCharge', { amount: formatPrice(total) })
            : total < 0
              ? t('pipeline.forecastRefund', { amount: formatPrice(-total) })
              : t('pipeline.forecastEven')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('pipeline.forecastReading', {
          km: formatKm(forecast.latestReadingKm),
          date: formatDate(forecast.latestReadOn),
        })}
      </Text>
    </>
  );
}
