import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { useAcceptStep } from '../hooks/use-accept-step';
import type { WorkflowStep } from '../workflow';
import { OrderTaxTable, PackageFacts, SalaryFacts, SummarySection, VehicleFacts } from './order-summary';

/**
 * CONFIRM_SUMMARY (spec 2.6, 4.5): vehicle, package, salary data and the payslip comparison, then the
 * agreement. Continue stays disabled until the box is ticked and accepts the step with `agreed: true`.
 */
export function ConfirmSummaryStep({ order, step, disabled }: { order: Order; step: WorkflowStep; disabled: boolean }) {
  const { t } = useTranslation('orders');
  const [agreed, setAgreed] = useState(false);
  const { accept, pending } = useAcceptStep(order, step);
  const hintId = useId();

  return (
    <Stack gap="xl" data-testid="step-confirm-summary">
      <Stack gap={4}>
        <Title order={2}>{t('confirm.title')}</Title>
        <Text c="dimmed">{t('confirm.intro')}</Text>
      </Stack>
      <SummarySection title={t('summary.vehicle')}>
        <VehicleFacts order={order} />
      </SummarySection>
      <SummarySection title={t('summary.package')}>
        <PackageFacts order={order} />
      </SummarySection>
      <SummarySection title={t('summary.salary')}>
        <SalaryFacts order={order} />
      </SummarySection>
      <SummarySection title={t('summary.tax')}>
        <OrderTaxTable tax={order.taxResult} />
      </SummarySection>
      <Stack gap="sm">
        <Checkbox
          label={t('confirm.agree')}
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          required
          aria-describedby={agreed ? undefined : hintId}
        />
        {agreed ? null : (
          <Text id={hintId} size="sm" c="dimmed" data-testid="must-agree">
            {t('confirm.mustAgree')}
          </Text>
        )}
        <Group>
          <Button
            onClick={() => accept({ agreed: true })}
            disabled={!agreed || disabled}
            loading={pending}
            aria-describedby={agreed ? undefined : hintId}
          >
            {t('confirm.accept')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
