import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { TenantEmployee } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useMarkLeaving } from '../api/mark-leaving';
import { isIsoDate, todayIso } from '../months';
import { TerminationQuoteView } from './termination-quote';

/** Marks a person as leaving on their last working day; the leasing provider is told by the server. */
export function LeaveModal({ employee, onClose }: { employee: TenantEmployee | null; onClose: () => void }) {
  const { t } = useTranslation('employer');
  const notify = useNotify();
  const leave = useMarkLeaving();
  const [date, setDate] = useState(todayIso);
  const [touched, setTouched] = useState(false);
  // The server's refusal of this date (before a lease's handover, too far back), in German.
  const [refusal, setRefusal] = useState<string | undefined>();
  const valid = isIsoDate(date);
  const error = touched && !valid ? t('leave.dateRequired') : refusal;
  const name = employee ? `${employee.firstName} ${employee.lastName}` : '';

  const close = () => {
    setDate(todayIso());
    setTouched(false);
    setRefusal(undefined);
    onClose();
  };

  const submit = async (): Promise<void> => {
    setTouched(true);
    if (!valid || !employee) return;
    try {
      await leave.mutateAsync({ id: employee.id, date });
      notify.success(t('leave.done', { name }));
      close();
    } catch (failure) {
      const dateError = isApiError(failure) ? failure.errors.find((e) => e.field === 'date') : undefined;
      if (isApiError(failure) && failure.code === 'LEAVING_DATE_REFUSED' && dateError) {
        setRefusal(dateError.message);
        return;
      }
      notify.error(
        isApiError(failure) && failure.status >= 400 && failure.status < 500 ? failure.message : t('retryLater'),
        { title: t('leave.error') },
      );
    }
  };

  return (
    <Modal opened={employee !== null} onClose={close} title={t('leave.title', { name })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('leave.text')}</Text>
          {employee && employee.activeLeases > 0 ? (
            <Text size="sm" c="orange.8">
              {t('leave.withLease', { count: employee.activeLeases })}
            </Text>
          ) : null}
          <DayField
            label={t('leave.date')}
            value={date}
            onChange={(next) => {
              setDate(next);
              setRefusal(undefined);
            }}
            onBlur={() => setTouched(true)}
            error={error}
            required
            data-autofocus
          />
          {employee && valid
            ? employee.orders
                .filter((order) => order.status === 'LEASING_ACTIVE' && order.handoverDate !== null)
                .map((order) => (
                  <TerminationQuoteView
                    key={order.orderId}
                    orderId={order.orderId}
                    vehicle={order.vehicle}
                    date={date}
                  />
                ))
            : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('leave.cancel')}
            </Button>
            <Button type="submit" color="red" loading={leave.isPending}>
              {t('leave.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
