import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { CONTRACT_ENGLISH_NOTICE, type Order } from '@leasing/contract';

import { convertedGross, employerSubsidy } from '../../../components/payslip-rows';
import { formatAmount, formatPrice } from '../../../lib/format';
import { currentLanguage } from '../../../lib/language';
import { orderFigures, vehicleTitle } from '../order-figures';
import { useAcceptStep } from '../hooks/use-accept-step';
import type { WorkflowStep } from '../workflow';
import { ContractViewer } from './contract-viewer';
import { InfoList } from './info-list';
import { SummarySection } from './order-summary';

/**
 * PREVIEW_CONTRACT (spec 4.5): the contract PDF, its key terms, and continue (accepts the step). The
 * contract is German; in English the screen says so with the notice the PDF carries (ADR 0017).
 */
export function PreviewContractStep({
  order,
  step,
  disabled,
}: {
  order: Order;
  step: WorkflowStep;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('orders');
  const { accept, pending } = useAcceptStep(order, step);
  const { addressDto } = order.orderUserInfo;
  const figures = orderFigures(order);
  // As in § 4 of the contract: the gross rate less the employer subsidy, both from the frozen tax result.
  const subsidy = order.taxResult ? employerSubsidy(order.taxResult) : 0;
  const conversion = order.taxResult ? convertedGross(order.taxResult) : order.leasePackage.totalMonthlyGrossCostEur;

  return (
    <Stack gap="lg" data-testid="step-preview-contract">
      <Stack gap={4}>
        <Title order={2}>{t('contract.title')}</Title>
        <Text c="dimmed">{t('contract.intro')}</Text>
      </Stack>
      {currentLanguage(i18n) === 'en' ? (
        <Alert variant="light" lang="en" data-testid="contract-english-notice">
          {CONTRACT_ENGLISH_NOTICE}
        </Alert>
      ) : null}
      <SummarySection title={t('contract.keyTerms')}>
        <InfoList
          items={[
            {
              key: 'parties',
              label: t('contract.parties'),
              value: t('contract.partiesValue', {
                employer: order.tenantName,
                employee: `${addressDto.firstName} ${addressDto.lastName}`,
              }),
            },
            { key: 'vehicle', label: t('summary.vehicle'), value: `${vehicleTitle(order.vehicle)}, ${order.color}` },
            {
              key: 'duration',
              label: t('summary.duration'),
              value: t('summary.durationValue', { count: order.leasePackage.durationMonths }),
            },
            {
              key: 'conversion',
              label: subsidy > 0 ? t('contract.conversionLessSubsidy') : t('contract.conversion'),
              value: t('summary.perMonth', { amount: formatAmount(conversion) }),
              testId: 'contract-conversion',
            },
            ...(subsidy > 0
              ? [
                  {
                    key: 'subsidy',
                    label: t('contract.employerSubsidy'),
                    value: t('summary.perMonth', { amount: formatAmount(subsidy) }),
                    testId: 'contract-employer-subsidy',
                  },
                ]
              : []),
            ...(figures.netRate === null
              ? []
              : [
                  {
                    key: 'net',
                    label: t('summary.netRate'),
                    value: t('summary.perMonth', { amount: formatPrice(figures.netRate) }),
                  },
                ]),
          ]}
        />
      </SummarySection>
      <ContractViewer orderId={order.id} />
      <Group>
        <Button onClick={() => accept()} disabled={disabled} loading={pending}>
          {t('contract.proceed')}
        </Button>
      </Group>
    </Stack>
  );
}
