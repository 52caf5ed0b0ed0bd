import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DayField } from '../../../components/date-fields';
import { isIsoDate, todayIso } from '../admin-actions';

/** Asks for the handover date (default today) before the final step is completed. */
export function HandoverModal({
  orderId,
  onSubmit,
  onClose,
}: {
  orderId: number | null;
  onSubmit: (handoverDate: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [date, setDate] = useState(todayIso);
  const [touched, setTouched] = useState(false);
  const valid = isIsoDate(date);
  const error = touched && !valid ? t('handover.dateRequired') : undefined;

  const close = () => {
    setDate(todayIso());
    setTouched(false);
    onClose();
  };

  return (
    <Modal opened={orderId !== null} onClose={close} title={t('handover.title', { orderId })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!valid) return;
          onSubmit(date);
          setTouched(false);
        }}
      >
        <Stack gap="md">
          <DayField
            label={t('handover.date')}
            value={date}
            onChange={setDate}
            onBlur={() => setTouched(true)}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('handover.cancel')}
            </Button>
            <Button type="submit">{t('handover.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
