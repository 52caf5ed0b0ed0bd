import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DRIVER_ORDER_STEPS, StepTypeSchema } from '@leasing/contract';

import { orderDriversQuery } from '../api/get-order-drivers';
import { OrderListPopover } from './order-list-popover';

const STATUS_COLOR = { PENDING: 'gray', APPROVED: 'green', REJECTED: 'red' } as const;

/** The people list carries an order's step as sent; drivers exist from the signature on (ADR 0055). */
export const hasDrivers = (status: string): boolean => {
  const step = StepTypeSchema.safeParse(status);
  return step.success && DRIVER_ORDER_STEPS.includes(step.data);
};

/**
 * Who else drives an employee's leased car: HR sees the names and whether the licence check approved
 * them (only approved drivers are insured), read when HR opens the list.
 */
export function DriverNames({ orderId }: { orderId: number }) {
  const { t } = useTranslation('employer');
  return (
    <OrderListPopover
      button={t('employees.drivers.button')}
      buttonLabel={t('employees.drivers.buttonOf', { orderId })}
      texts={{
        loading: t('employees.drivers.loading'),
        error: t('employees.drivers.error'),
        none: t('employees.drivers.none'),
      }}
      queryOf={(enabled) => orderDriversQuery(orderId, enabled)}
      renderItem={(driver) => (
        <>
          <Text size="sm">
            {driver.firstName} {driver.lastName}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLOR[driver.status]}>
            {t(`employees.drivers.status.${driver.status}`)}
          </Badge>
        </>
      )}
    />
  );
}
