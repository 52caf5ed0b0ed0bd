import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { PackageChange, PackageChangeStatus as Status, PackageTerms } from '@leasing/contract';

import { formatAmount, formatInteger } from '../../../lib/format';
import { formatPayrollMonth } from './claim-parts';

/*
 * The parts of a kilometre package change (ADR 0058) that the order page and the provider's queue
 * show alike: the state as a badge with its month or reason, and the packages before and after.
 */

const STATUS_COLOR: Record<Status, string> = { REQUESTED: 'blue', APPROVED: 'green', DECLINED: 'gray' };

/** `10.000 → 15.000`: kilometres a year before and after. */
export const kmChange = (from: PackageTerms, to: PackageTerms) =>
  `${formatInteger(from.kmPerYear)} → ${formatInteger(to.kmPerYear)}`;

/** `427,00 € → 467,00 €`: the monthly gross rate before and after. */
export const rateChange = (from: PackageTerms, to: PackageTerms) =>
  `${formatAmount(from.monthlyGrossRateEur)} → ${formatAmount(to.monthlyGrossRateEur)}`;

/** The state as a badge, with the month the new rate applies from, or the reason of a decline. */
export function PackageChangeStatusBadge({
  change,
}: {
  change: Pick<PackageChange, 'status' | 'effectiveMonth' | 'note'>;
}) {
  const { t } = useTranslation('orders');
  const detail =
    change.status === 'APPROVED' && change.effectiveMonth
      ? t('packageChange.effectiveFrom', { month: formatPayrollMonth(change.effectiveMonth) })
      : change.status === 'DECLINED' && change.note
        ? t('packageChange.reason', { reason: change.note })
        : null;
  return (
    <Stack gap={2} align="flex-start" data-testid="package-change-status">
      <Badge color={STATUS_COLOR[change.status]} variant="light">
        {t(`packageChange.status.${change.status}`)}
      </Badge>
      {detail ? (
        <Text size="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}
