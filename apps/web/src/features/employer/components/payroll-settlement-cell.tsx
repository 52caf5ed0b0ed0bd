import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { PayrollRow } from '@leasing/contract';

import { useEmployerFormat } from '../use-employer-format';

const STATUS_COLORS: Record<PayrollRow['status'], string> = { ACTIVE: 'ev', PAUSED: 'orange', ENDED: 'gray' };

/** The row's state this month: running, paused by an absence, or ended. */
export function PayrollStatusBadge({ row }: { row: PayrollRow }) {
  const { t } = useTranslation('employer');
  return (
    <Badge color={STATUS_COLORS[row.status]} variant="light" data-testid={`payroll-status-${String(row.orderId)}`}>
      {t(`payroll.status.${row.status}`)}
    </Badge>
  );
}

/**
 * The final settlement of a car returned this month (ADR 0037), net: what the employee owes is
 * deducted from the net pay, what they get back is paid out with it.
 */
export function SettlementCell({ row }: { row: PayrollRow }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  if (row.settlementEur === undefined) return <>–</>;
  const owes = row.settlementEur >= 0;
  return (
    <span data-testid={`payroll-settlement-${String(row.orderId)}`}>
      {format.amount(Math.abs(row.settlementEur))}
      <Text size="xs" c="dimmed" component="span" display="block">
        {owes ? t('payroll.settlementOwed') : t('payroll.settlementRefund')}
      </Text>
    </span>
  );
}
