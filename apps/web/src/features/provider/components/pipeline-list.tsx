import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { MileageForecastRow, ProviderOrderRow } from '@leasing/contract';

import { formatDate, formatPrice } from '../../../lib/format';
import { PipelineForecast } from './pipeline-forecast';

export interface PipelineListProps {
  items: ProviderOrderRow[];
  /** The lease's mileage forecast, null without one (or while none could be loaded). */
  forecastOf: (orderId: number) => MileageForecastRow | null;
  forecastsLoading: boolean;
  onOpen: (row: ProviderOrderRow) => void;
}

const carOf = (row: ProviderOrderRow) =>
  [row.vehicle.brand, row.vehicle.carModel, row.vehicle.trimLevel].filter(Boolean).join(' ');

/** The delivery window, else the handover, else "–". */
function windowOf(row: ProviderOrderRow, t: TFunction<'provider'>): string {
  if (row.deliveryWindow) return `${formatDate(row.deliveryWindow.from)} – ${formatDate(row.deliveryWindow.to)}`;
  if (row.handoverDate) return t('pipeline.handedOver', { date: formatDate(row.handoverDate) });
  return '–';
}

function OpenButton({ row, onOpen, fullWidth }: { row: ProviderOrderRow; onOpen: () => void; fullWidth?: boolean }) {
  const { t } = useTranslation('provider');
  return (
    <Button
      size="xs"
      variant="default"
      fullWidth={fullWidth}
      onClick={onOpen}
      aria-label={t('pipeline.detailsOf', { orderId: row.id })}
    >
      {t('pipeline.details')}
    </Button>
  );
}

function StatusCell({ row }: { row: ProviderOrderRow }) {
  const { t } = useTranslation('provider');
  return (
    <>
      <Badge variant="light">{t(`statuses.${row.pipelineStatus}`)}</Badge>
      <Text size="xs" c="dimmed">
        {t(`steps.${row.status}`)}
      </Text>
      {row.cancellableUntil ? (
        <Text size="xs" c="dimmed" data-testid="cancellable-until">
          {t('pipeline.cancellableUntil', { date: formatDate(row.cancellableUntil) })}
        </Text>
      ) : null}
    </>
  );
}

function PipelineTable({ items, forecastOf, forecastsLoading, onOpen }: PipelineListProps) {
  const { t } = useTranslation('provider');
  return (
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
            <Table.Th>
              <VisuallyHidden>{t('pipeline.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id} data-testid="pipeline-row" data-order-id={row.id}>
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
                <Text size="sm">{carOf(row)}</Text>
                <Text size="xs" c="dimmed">
                  {formatPrice(row.monthlyGrossRate)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusCell row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{windowOf(row, t)}</Text>
              </Table.Td>
              <Table.Td data-testid="mileage-forecast">
                <PipelineForecast forecast={forecastOf(row.id)} loading={forecastsLoading} />
              </Table.Td>
              <Table.Td>
                <OpenButton row={row} onOpen={() => onOpen(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each order is a card with its facts one below the other, labelled, no narrow columns. */
function PipelineCards({ items, forecastOf, forecastsLoading, onOpen }: PipelineListProps) {
  const { t } = useTranslation('provider');
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('pipeline.caption')}>
      {items.map((row) => {
        const forecast = forecastOf(row.id);
        return (
          <Card
            component="li"
            key={row.id}
            withBorder
            padding="sm"
            radius="md"
            data-testid="pipeline-row"
            data-order-id={row.id}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="baseline" gap="xs">
                <Text fw={700}>{t('pipeline.orderValue', { orderId: row.id })}</Text>
                <Text size="xs" c="dimmed">
                  {formatDate(row.created)}
                </Text>
              </Group>
              <div>
                <StatusCell row={row} />
              </div>
              <div>
                <Text size="sm" fw={600}>
                  {row.employee.firstName} {row.employee.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.tenantName}
                </Text>
              </div>
              <Text size="sm">
                {carOf(row)} · {formatPrice(row.monthlyGrossRate)}
              </Text>
              <Text size="sm">
                <Text span size="sm" c="dimmed">
                  {t('pipeline.window')}:{' '}
                </Text>
                {windowOf(row, t)}
              </Text>
              {forecast?.forecastEndKm != null || forecastsLoading ? (
                <div data-testid="mileage-forecast">
                  <Text size="xs" c="dimmed">
                    {t('pipeline.forecast')}
                  </Text>
                  <PipelineForecast forecast={forecast} loading={forecastsLoading} />
                </div>
              ) : null}
              <OpenButton row={row} onOpen={() => onOpen(row)} fullWidth />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * The pipeline's orders: a table where its seven columns fit without scrolling sideways, cards below
 * that (phones and tablets). Read on the first render, so the list is not drawn twice.
 */
export function PipelineList(props: PipelineListProps) {
  const narrow = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  return narrow ? <PipelineCards {...props} /> : <PipelineTable {...props} />;
}
