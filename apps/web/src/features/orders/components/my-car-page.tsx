import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isRunningLease, type Order } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { useNotify } from '../../../components/use-notify';
import { formatAmount, formatDate, formatInteger } from '../../../lib/format';
import { useMe } from '../../auth/api/get-me';
import { useLeaseEnd } from '../../lease-end/api';
import { LeaseEndBanner } from '../../lease-end/lease-end-banner';
import { useDocument } from '../api/get-document';
import { useOrderWorkflow } from '../api/get-order-workflow';
import { orderFigures, vehicleTitle } from '../order-figures';
import { openPdf } from '../open-window';
import { AbsenceCard } from './absence-card';
import { ClaimsCard } from './claims-card';
import { DriversCard } from './drivers-card';
import { InfoList } from './info-list';
import { MileageCard } from './mileage-card';
import { TerminationEstimate } from './my-car-termination';
import { OrderImage } from './order-image';
import { OrderSkeleton } from './order-skeletons';
import { PACKAGE_CHANGE_CARD_ID, PackageChangeCard } from './package-change-card';
import { OrderLoadError } from './workflow-page';

/**
 * /my-car, "Mein Auto" (ADR 0063): the employee's running lease in one place: the car, the rate, the
 * contract and documents, the lease's dates, and what the lease brings (absences, the end and the next
 * car, additional drivers, damage reports, the odometer and a larger kilometre package), with what
 * ending it early on a day would cost. The navigation shows the entry only with a running lease
 * (`activeLeaseOrderId` of `GET /v1/me`); without one the page says so.
 */
export function MyCarPage() {
  const { t } = useTranslation('orders');
  usePageTitle(t('myCar.title'));
  const me = useMe();
  const orderId = me.data?.activeLeaseOrderId ?? null;
  const workflow = useOrderWorkflow(orderId ?? 0, orderId !== null);
  const order = workflow.data;
  if (me.isPending) return <OrderSkeleton />;
  if (orderId === null) return <NoCar />;
  // The car went back since the navigation was drawn: no running lease any more.
  if (order) return isRunningLease(order) ? <MyCar order={order} /> : <NoCar />;
  if (workflow.isError) return <OrderLoadError onRetry={() => void workflow.refetch()} />;
  return <OrderSkeleton />;
}

function NoCar() {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="my-car-none">
      <Title order={1}>{t('myCar.title')}</Title>
      <Text>{t('myCar.none')}</Text>
      <Group gap="sm">
        <Button component={Link} to="/search">
          {t('myCar.toSearch')}
        </Button>
        <Button component={Link} to="/profile/orders" variant="default">
          {t('common.toOrders')}
        </Button>
      </Group>
    </Stack>
  );
}

function MyCar({ order }: { order: Order & { handoverDate: string } }) {
  const { t } = useTranslation('orders');
  const leaseEnd = useLeaseEnd(order.id);
  const figures = orderFigures(order);
  const pkg = order.leasePackage;
  const subsidy = order.taxResult?.salarySacrificeData.employerContribution ?? null;
  const endsOn = leaseEnd.data?.endsOn ?? null;
  const conversionEnded = order.status === 'CONVERSION_ENDED';
  return (
    <Stack gap="xl" data-testid="my-car">
      <Stack gap={4}>
        <Title order={1}>{t('myCar.title')}</Title>
        <Text c="dimmed">
          {vehicleTitle(order.vehicle)} · {t('common.orderTitle', { orderId: order.id })}
        </Text>
      </Stack>
      {conversionEnded ? <Text data-testid="my-car-conversion-ended">{t('myCar.conversionEnded')}</Text> : null}

      <Card withBorder padding="lg" data-testid="my-car-facts">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <OrderImage vehicle={order.vehicle} variant="hero" />
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('myCar.factsTitle')}
            </Title>
            <InfoList
              cols={1}
              items={[
                { key: 'car', label: t('myCar.car'), value: `${vehicleTitle(order.vehicle)}, ${order.color}` },
                {
                  key: 'net',
                  label: t('myCar.netRate'),
                  value: figures.netRate === null ? t('common.noInfo') : formatAmount(figures.netRate),
                  testId: 'my-car-net-rate',
                },
                { key: 'gross', label: t('myCar.grossRate'), value: formatAmount(pkg.totalMonthlyGrossCostEur) },
                ...(subsidy !== null && subsidy > 0
                  ? [{ key: 'subsidy', label: t('myCar.subsidy'), value: formatAmount(subsidy) }]
                  : []),
                {
                  key: 'package',
                  label: t('myCar.package'),
                  value: t('myCar.packageValue', {
                    months: pkg.durationMonths,
                    km: formatInteger(pkg.kmPerYear),
                  }),
                },
                { key: 'employer', label: t('myCar.employer'), value: order.tenantName },
              ]}
            />
          </Stack>
        </SimpleGrid>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="md" data-testid="my-car-dates">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('myCar.datesTitle')}
            </Title>
            <InfoList
              cols={1}
              items={[
                { key: 'ordered', label: t('myCar.ordered'), value: formatDate(order.created) },
                {
                  key: 'handover',
                  label: t('myCar.handover'),
                  value: formatDate(order.handoverDate),
                  testId: 'my-car-handover',
                },
                {
                  key: 'end',
                  label: t('myCar.ends'),
                  value: endsOn ? formatDate(endsOn) : t('common.loading'),
                  testId: 'my-car-ends',
                },
                ...(leaseEnd.data?.appointment
                  ? [{ key: 'return', label: t('myCar.returnOn'), value: formatDate(leaseEnd.data.appointment.date) }]
                  : []),
              ]}
            />
          </Stack>
        </Card>
        <Documents order={order} />
      </SimpleGrid>

      <LeaseEndBanner orderId={order.id} />
      {/* After a follow-up car's handover the conversion has ended: the car goes back, nothing to end early. */}
      {order.status === 'LEASING_ACTIVE' ? (
        <TerminationEstimate orderId={order.id} handoverDate={order.handoverDate} />
      ) : null}
      {order.status === 'LEASING_ACTIVE' ? <AbsenceCard orderId={order.id} /> : null}
      <MileageCard orderId={order.id} packageChangeId={PACKAGE_CHANGE_CARD_ID} />
      <PackageChangeCard order={order} />
      <DriversCard orderId={order.id} />
      <ClaimsCard order={order} />
    </Stack>
  );
}

function Documents({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const openDocument = useDocument();
  // The newest first: the countersigned contract, an addendum, a final statement.
  const documents = [...order.documents].sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
  return (
    <Card withBorder padding="md" data-testid="my-car-documents">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('myCar.documentsTitle')}
        </Title>
        {documents.length === 0 ? <Text size="sm">{t('myCar.noDocuments')}</Text> : null}
        <Stack gap={6} align="flex-start">
          {documents.map((document) => (
            <Button
              key={document.id}
              variant="light"
              size="xs"
              loading={openDocument.isPending && openDocument.variables.documentId === document.id}
              onClick={() =>
                openDocument.mutate(
                  { orderId: order.id, documentId: document.id },
                  {
                    onSuccess: (blob) => openPdf(blob, document.name),
                    onError: (error) => notify.error(error.message || t('list.documentError')),
                  },
                )
              }
              aria-label={t('myCar.openDocument', { name: document.name, date: formatDate(document.created) })}
              // Document names are long file names: wrapped, never clipped (phones, 390 px).
              h="auto"
              maw="100%"
              py={4}
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
            >
              {document.name}
            </Button>
          ))}
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to={`/order/${String(order.id)}/preview`} size="sm">
            {t('myCar.toPreview')}
          </Anchor>
          <Anchor component={Link} to={`/order/${String(order.id)}/workflow`} size="sm">
            {t('myCar.toWorkflow')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
