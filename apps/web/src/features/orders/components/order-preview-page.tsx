import { Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Order } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatPrice } from '../../../lib/format';
import { useOrder } from '../api/get-order';
import { orderFigures, vehicleTitle } from '../order-figures';
import { InfoList } from './info-list';
import { OrderImage } from './order-image';
import { OrderSkeleton } from './order-skeletons';
import { OrderTaxTable, PackageFacts, SalaryFacts, SummarySection, VehicleFacts } from './order-summary';
import classes from './orders.module.css';
import { OrderLoadError, OrderNotFound, useOrderIdParam } from './workflow-page';

function DetailText({ text }: { text: string | null }) {
  const { t } = useTranslation('orders');
  return text && text.trim() !== '' ? (
    <Text className={classes.prewrap}>{text}</Text>
  ) : (
    <Text c="dimmed">{t('common.noInfo')}</Text>
  );
}

/** Every field of spec 2.6, read-only. */
export function OrderPreview({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  usePageTitle(t('preview.title'));
  const figures = orderFigures(order);
  const name = vehicleTitle(order.vehicle);
  const photos = order.vehicle.pictureUrls;

  return (
    <Stack gap="xl" data-testid="order-preview">
      <Stack gap={4}>
        <Title order={1}>{t('preview.title')}</Title>
        <Text fw={600}>{t('common.orderTitle', { orderId: order.id })}</Text>
        <Text c="dimmed" data-testid="order-created">
          {t('summary.created')}: {formatDate(order.created)}
        </Text>
      </Stack>

      <SummarySection title={t('summary.vehicle')} level={2}>
        <Text fw={700} size="lg">
          {name}
        </Text>
        <VehicleFacts order={order} />
      </SummarySection>

      <SummarySection title={t('preview.photos')} level={2}>
        {photos.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {photos.map((url, index) => (
              <Image
                key={url}
                src={url}
                alt={t('preview.photoAlt', { name, index: index + 1, total: photos.length })}
                radius="md"
              />
            ))}
          </SimpleGrid>
        ) : (
          <OrderImage vehicle={order.vehicle} variant="hero" />
        )}
      </SummarySection>

      <SummarySection title={t('preview.prices')} level={2} testId="preview-prices">
        <InfoList
          items={[
            {
              key: 'net',
              label: t('summary.netRate'),
              value: figures.netRate === null ? '?' : t('summary.perMonth', { amount: formatPrice(figures.netRate) }),
              testId: 'preview-net-rate',
            },
            {
              key: 'comparison',
              label: t('summary.comparison'),
              value: t('summary.perMonth', { amount: formatPrice(figures.comparisonCost) }),
            },
            {
              key: 'savings',
              label: t('summary.savings'),
              value:
                figures.savingsPercent === null || figures.savingsPerMonth === null
                  ? '?'
                  : t('summary.savingsValue', {
                      percent: figures.savingsPercent,
                      amount: formatPrice(figures.savingsPerMonth),
                    }),
              testId: 'preview-savings',
            },
            { key: 'list', label: t('summary.listPrice'), value: formatPrice(figures.listPrice) },
          ]}
        />
      </SummarySection>

      <SummarySection title={t('summary.package')} level={2}>
        <PackageFacts order={order} />
      </SummarySection>

      <SummarySection title={t('preview.details')} level={2}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('preview.technicalDetails')}
            </Title>
            <DetailText text={order.vehicle.vehicleDetails.technicalDetails} />
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('preview.standardEquipment')}
            </Title>
            <DetailText text={order.vehicle.vehicleDetails.standardEquipment} />
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('preview.specialEquipment')}
            </Title>
            <DetailText text={order.vehicle.vehicleDetails.specialEquipment} />
          </Stack>
        </Stack>
      </SummarySection>

      <SummarySection title={t('summary.salary')} level={2}>
        <SalaryFacts order={order} />
      </SummarySection>

      <SummarySection title={t('summary.tax')} level={2}>
        <OrderTaxTable tax={order.taxResult} />
      </SummarySection>

      <Group>
        <Button component={Link} to={`/order/${String(order.id)}/workflow`} variant="light">
          {t('preview.toWorkflow')}
        </Button>
        <Button component={Link} to="/profile/orders" variant="default">
          {t('common.toOrders')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /order/:orderId/preview (spec 2.6). */
export function OrderPreviewPage() {
  const orderId = useOrderIdParam();
  const order = useOrder(orderId ?? 0, orderId !== null);
  if (orderId === null) return <OrderNotFound />;
  if (order.data) return <OrderPreview order={order.data} />;
  if (order.isError) {
    if (isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)) return <OrderNotFound />;
    return <OrderLoadError onRetry={() => void order.refetch()} />;
  }
  return <OrderSkeleton />;
}
