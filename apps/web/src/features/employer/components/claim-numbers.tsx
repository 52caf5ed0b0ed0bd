import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { RUNNING_LEASE_STATUSES, type ClaimStatus } from '@leasing/contract';

import { formatAmount } from '../../../lib/format';
import { claimsKey, getClaims } from '../../orders/api/claims';
import { OrderListPopover } from './order-list-popover';

const STATUS_COLOR: Record<ClaimStatus, string> = {
  REPORTED: 'gray',
  IN_REVIEW: 'blue',
  REPAIR_SCHEDULED: 'blue',
  REPAIRED: 'green',
  TOTAL_LOSS: 'red',
  REJECTED: 'orange',
};

/** Damage reports exist from the handover on and stay readable after the lease ended. */
export const hasClaims = (status: string): boolean =>
  (RUNNING_LEASE_STATUSES as readonly string[]).includes(status) || status === 'LEASE_ENDED';

/**
 * An employee's damage reports on a leased car as HR may read them (ADR 0056): number, state and the
 * excess deducted in the payroll, read when HR opens the list, not for every row of the people list.
 */
export function ClaimNumbers({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['employer', 'orders']);
  return (
    <OrderListPopover
      button={t('employees.claims.button')}
      buttonLabel={t('employees.claims.buttonOf', { orderId })}
      texts={{
        loading: t('employees.claims.loading'),
        error: t('employees.claims.error'),
        none: t('employees.claims.none'),
      }}
      queryOf={(enabled) => ({
        queryKey: claimsKey(orderId),
        queryFn: ({ signal }) => getClaims(orderId, signal),
        enabled,
        retry: false,
      })}
      renderItem={(claim) => (
        <>
          <Text size="sm">{claim.number}</Text>
          <Badge size="sm" variant="light" color={STATUS_COLOR[claim.status]}>
            {t(`orders:claims.status.${claim.status}`)}
          </Badge>
          {claim.excessEur !== null ? (
            <Text size="xs" c="dimmed">
              {t('employees.claims.excess', { amount: formatAmount(claim.excessEur) })}
            </Text>
          ) : null}
        </>
      )}
    />
  );
}
