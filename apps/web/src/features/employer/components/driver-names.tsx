import { Badge, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DRIVER_ORDER_STEPS, StepTypeSchema } from '@leasing/contract';

import { useOrderDrivers } from '../api/get-order-drivers';

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
  const [opened, setOpened] = useState(false);
  const drivers = useOrderDrivers(orderId, opened);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-label={t('employees.drivers.buttonOf', { orderId })}
        >
          {t('employees.drivers.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {drivers.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('employees.drivers.loading')}</Text>
          </Group>
        ) : drivers.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {t('employees.drivers.error')}
          </Text>
        ) : drivers.data.length === 0 ? (
          <Text size="sm">{t('employees.drivers.none')}</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {drivers.data.map((driver) => (
              <Group component="li" key={driver.id} gap="xs" wrap="nowrap">
                <Text size="sm">
                  {driver.firstName} {driver.lastName}
                </Text>
                <Badge size="sm" variant="light" color={STATUS_COLOR[driver.status]}>
                  {t(`employees.drivers.status.${driver.status}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
