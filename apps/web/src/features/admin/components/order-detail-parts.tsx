import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { LeasePackage, Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { formatAmount, formatDate, formatDateTime, formatKm, formatKmCost, formatPrice } from '../../../lib/format';
import { useAdminContract } from '../api/get-admin-contract';
import { useAdminDocument } from '../api/get-admin-document';
import { openPdf } from '../open-pdf';

/**
 * The parts of an order's detail that both admins read (HR's drawer on /admin/orders and the back
 * office's order drawer): who and what was ordered, the rate, the documents. Never salary data: the
 * API leaves it out for admins.
 */

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function FactList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0} data-testid={testId}>
      {children}
    </SimpleGrid>
  );
}

/** The person, the employer, the address and the car as ordered, with the employer's approval. */
export function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const { addressDto } = order.orderUserInfo;
  const { vehicle } = order;
  return (
    <FactList testId="order-facts">
      <Fact label={t('detail.employee')}>
        {order.employee.firstName} {order.employee.lastName}
      </Fact>
      <Fact label={t('detail.email')}>{order.employee.email}</Fact>
      {order.employee.employeeId ? <Fact label={t('detail.employeeId')}>{order.employee.employeeId}</Fact> : null}
      <Fact label={t('detail.tenant')}>{order.tenantName}</Fact>
      <Fact label={t('detail.address')}>
        {addressDto.street} {addressDto.streetNumber}, {addressDto.postcode} {addressDto.place}
      </Fact>
      <Fact label={t('detail.created')}>{formatDate(order.created)}</Fact>
      <Fact label={t('detail.vehicle')}>
        {[vehicle.brand, vehicle.carModel, vehicle.trimLevel].filter(Boolean).join(' ')}
      </Fact>
      <Fact label={t('detail.color')}>{order.color}</Fact>
      <Fact label={t('detail.delivery')}>{t(`delivery.${order.delivery}`)}</Fact>
      {order.declineReason ? <Fact label={t('detail.declineReason')}>{order.declineReason}</Fact> : null}
      {order.handoverDate ? <Fact label={t('detail.handoverDate')}>{formatDate(order.handoverDate)}</Fact> : null}
      {order.employerApproval ? (
        <Fact label={t('approval.label')}>
          {t(`approval.${order.employerApproval.kind}`, { date: formatDateTime(order.employerApproval.at) })}
        </Fact>
      ) : null}
    </FactList>
  );
}

/** What the frozen package includes, in the order the vehicle page lists it. */
const INCLUSIONS = [
  'maintenanceAndServicingIncluded',
  'vehicleInsuranceIncluded',
  'tirePackageIncluded',
  'tireChangeIncluded',
  'rateInsuranceIncluded',
] as const satisfies readonly (keyof LeasePackage)[];

/**
 * The monthly figures frozen with the order (exact to the cent, as the invoices and payroll exports
 * carry them): the gross rate converted from salary, the private-leasing comparison, the package's
 * term and kilometre rules and what the rate includes. The employee's net rate is salary data and
 * therefore not here.
 */
export function OrderRate({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const pkg = order.leasePackage;
  const included = INCLUSIONS.filter((key) => pkg[key]).map((key) => t(`rate.inclusions.${key}`));
  return (
    <FactList testId="order-rate">
      <Fact label={t('detail.grossRate')}>{formatAmount(pkg.totalMonthlyGrossCostEur)}</Fact>
      <Fact label={t('rate.privateLeasing')}>{formatAmount(pkg.grossComparisonCostEur)}</Fact>
      <Fact label={t('detail.duration')}>{t('detail.durationValue', { count: pkg.durationMonths })}</Fact>
      <Fact label={t('detail.kmPerYear')}>{formatKm(pkg.kmPerYear)}</Fact>
      <Fact label={t('rate.moreKm')}>{formatKmCost(pkg.costsMoreKilometers)}</Fact>
      <Fact label={t('rate.lessKm')}>{formatKmCost(pkg.reimbursementLessKilometers)}</Fact>
      <Fact label={t('detail.tires')}>{t(`tires.${pkg.tires}`)}</Fact>
      <Fact label={t('detail.listPrice')}>{formatPrice(order.vehicle.listPrice)}</Fact>
      <Fact label={t('rate.included')}>{included.length > 0 ? included.join(', ') : t('rate.nothingIncluded')}</Fact>
    </FactList>
  );
}

/**
 * The contract (the signed one once it exists) and every stored document of the order (the sealed
 * and countersigned contracts, the final statement, addenda), each opened as a PDF on click.
 */
export function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const contract = useAdminContract();
  const document = useAdminDocument();
  const failed = () => notify.error(t('actions.documentError'), { title: t('actions.error') });
  return (
    <Stack gap="xs" data-testid="order-documents">
      <Title order={3} size="h5">
        {t('detail.documents')}
      </Title>
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          loading={contract.isPending}
          onClick={() =>
            contract.mutate(order.id, {
              onSuccess: (blob) => openPdf(blob, `Ueberlassungsvertrag-${String(order.id)}.pdf`),
              onError: failed,
            })
          }
        >
          {t('detail.contract')}
        </Button>
        {order.documents.map((doc) => (
          <Button
            key={doc.id}
            variant="default"
            size="xs"
            // Long file names wrap on a phone instead of running out of the button.
            styles={{ root: { height: 'auto', minHeight: 'var(--button-height)' }, label: { whiteSpace: 'normal' } }}
            loading={document.isPending && document.variables.documentId === doc.id}
            onClick={() =>
              document.mutate(
                { orderId: order.id, documentId: doc.id },
                { onSuccess: (blob) => openPdf(blob, doc.name), onError: failed },
              )
            }
          >
            {doc.name}
          </Button>
        ))}
      </Group>
      {order.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noDocuments')}
        </Text>
      ) : null}
    </Stack>
  );
}
