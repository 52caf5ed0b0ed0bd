import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order, TaxResult } from '@leasing/contract';

import { convertedGross, employerSubsidy } from '../../../components/payslip-rows';
import { TaxWarnings } from '../../../components/tax-warnings';
import {
  dateTimeFormat,
  formatAmount,
  formatDate,
  formatDeliveryTime,
  formatKm,
  formatKw,
  formatPrice,
  numberFormat,
} from '../../../lib/format';
import { PayslipComparisonTable } from '../../catalog/components/payslip-comparison-table';
import { orderFigures } from '../order-figures';
import { salaryRows, type SalaryValue } from '../salary-summary';
import { InfoList } from './info-list';

/** Brand, model, trim, power, range, list price and delivery time of the ordered vehicle. */
export function VehicleFacts({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { vehicle } = order;
  return (
    <InfoList
      items={[
        { key: 'brand', label: t('summary.brand'), value: vehicle.brand },
        { key: 'model', label: t('summary.model'), value: vehicle.carModel },
        { key: 'trim', label: t('summary.trimLevel'), value: vehicle.trimLevel ?? t('common.noInfo') },
        { key: 'power', label: t('summary.power'), value: formatKw(vehicle.maximumPowerKw) },
        { key: 'range', label: t('summary.range'), value: formatKm(vehicle.rangeKm) },
        { key: 'listPrice', label: t('summary.listPrice'), value: formatPrice(vehicle.listPrice) },
        {
          key: 'deliveryTime',
          label: t('summary.deliveryTime'),
          value: formatDeliveryTime(vehicle.deliveryFromWeeks, vehicle.deliveryToWeeks, 'other'),
          testId: 'delivery-time',
        },
        // Set by the provider once the car is on its way; the employee is mailed on every change.
        ...(order.deliveryWindow
          ? [
              {
                key: 'deliveryWindow',
                label: t('summary.deliveryWindow'),
                value: `${formatDate(order.deliveryWindow.from)} – ${formatDate(order.deliveryWindow.to)}`,
                testId: 'delivery-window',
              },
            ]
          : []),
      ]}
    />
  );
}

/** Duration, km per year, tyres, colour, delivery and the rates of the chosen package. */
export function PackageFacts({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { leasePackage } = order;
  const figures = orderFigures(order);
  // The employer subsidy is known from the employee's frozen tax result only (admins get none).
  const subsidy = order.taxResult ? employerSubsidy(order.taxResult) : 0;
  return (
    <InfoList
      items={[
        {
          key: 'duration',
          label: t('summary.duration'),
          value: t('summary.durationValue', { count: leasePackage.durationMonths }),
        },
        { key: 'km', label: t('summary.kmPerYear'), value: formatKm(leasePackage.kmPerYear) },
        { key: 'tires', label: t('summary.tires'), value: t(`tires.${leasePackage.tires}`) },
        { key: 'color', label: t('summary.color'), value: order.color },
        { key: 'delivery', label: t('summary.delivery'), value: t(`delivery.${order.delivery}`) },
        ...(subsidy > 0 && order.taxResult
          ? [
              {
                key: 'leaseRate',
                label: t('summary.leaseRate'),
                value: t('summary.perMonth', { amount: formatAmount(order.taxResult.price) }),
              },
              {
                key: 'subsidy',
                label: t('summary.employerSubsidy'),
                value: t('summary.perMonth', { amount: formatAmount(subsidy) }),
                testId: 'employer-subsidy',
              },
              {
                key: 'gross',
                label: t('summary.convertedRate'),
                value: t('summary.perMonth', { amount: formatAmount(convertedGross(order.taxResult)) }),
                testId: 'converted-rate',
              },
            ]
          : [
              {
                key: 'gross',
                label: t('summary.grossRate'),
                value: t('summary.perMonth', { amount: formatPrice(leasePackage.totalMonthlyGrossCostEur) }),
                testId: 'converted-rate',
              },
            ]),
        ...(figures.netRate === null
          ? []
          : [
              {
                key: 'net',
                label: t('summary.netRate'),
                value: t('summary.perMonth', { amount: formatPrice(figures.netRate) }),
                testId: 'net-rate',
              },
            ]),
      ]}
    />
  );
}

function SalaryValueText({ value }: { value: SalaryValue }) {
  const { t } = useTranslation('orders');
  switch (value.kind) {
    case 'money':
      return formatAmount(value.value);
    case 'number':
      return numberFormat({ maximumFractionDigits: 3 }).format(value.value);
    case 'percent':
      return `${numberFormat({ maximumFractionDigits: 3 }).format(value.value)} %`;
    case 'date':
      return formatDate(value.value);
    case 'bool':
      return value.value ? t('common.yes') : t('common.no');
    case 'text':
      return value.value;
    case 'healthInsurance':
      return t(`salary.healthInsurance.${value.value}`);
  }
}

/** The salary data frozen into the order; shown to the employee only (admins get none). */
export function SalaryFacts({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const rows = salaryRows(order.orderUserInfo.salaryInfo);
  if (rows.length === 0) return <Text c="dimmed">{t('summary.noSalary')}</Text>;
  return (
    <InfoList
      cols={3}
      items={rows.map((row) => ({
        key: row.key,
        label: t(`salary.fields.${row.key}`),
        value: <SalaryValueText value={row.value} />,
      }))}
    />
  );
}

/** The previous payslip against the payslip after the conversion. */
export function OrderTaxTable({ tax }: { tax: TaxResult | null }) {
  const { t } = useTranslation('orders');
  if (!tax) return <Text c="dimmed">{t('tax.none')}</Text>;
  const month = new Date(tax.calculatedFor);
  return (
    <Stack gap="xs">
      {Number.isNaN(month.getTime()) ? null : (
        <Text size="sm" c="dimmed">
          {t('tax.intro', {
            month: dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(month),
          })}
        </Text>
      )}
      <TaxWarnings warnings={tax.warnings} />
      <PayslipComparisonTable tax={tax} testIdPrefix="order-tax" omitZeroRows />
    </Stack>
  );
}

/** A titled block of the summary. */
export function SummarySection({
  title,
  children,
  testId,
  level = 3,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  level?: 2 | 3;
}) {
  return (
    <Stack gap="sm" component="section" data-testid={testId}>
      <Title order={level} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
