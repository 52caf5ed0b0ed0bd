import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { PayrollRow } from '@leasing/contract';

import { useEmployerFormat } from '../use-employer-format';

/** A paused payroll row: the absence, its days in the month and who pays the paused part. */
export function PauseNote({ row }: { row: PayrollRow }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  if (!row.pause) return null;
  const p = row.pause;
  const paid =
    p.payer === 'EMPLOYEE_PAYS'
      ? row.employeePaysEur
      : p.payer === 'EMPLOYER_PAYS'
        ? row.employerPaysEur
        : row.rateInsurancePaysEur;
  return (
    <>
      <Badge color="orange" variant="light" data-testid={`paused-${String(row.orderId)}`}>
        {t('absences.paused')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('absences.pauseDetail', {
          type: t(`absences.types.${p.type}`),
          days: p.pausedDays,
          of: p.daysInMonth,
          payer: t(`absences.payers.${p.payer}`),
          amount: format.amount(paid),
        })}
      </Text>
    </>
  );
}
