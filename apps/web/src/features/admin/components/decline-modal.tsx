import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the reason of a decline (required; the employee receives it by e-mail). */
export function DeclineModal({
  orderId,
  onSubmit,
  onClose,
}: {
  orderId: number | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const error = touched && trimmed === '' ? t('decline.reasonRequired') : undefined;

  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };

  return (
    <Modal opened={orderId !== null} onClose={close} title={t('decline.title', { orderId })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (trimmed === '') return;
          onSubmit(trimmed);
          setReason('');
          setTouched(false);
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('decline.reason')}
            description={t('decline.reasonDescription')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={error}
            required
            rows={3}
            maxLength={1000}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('decline.cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('decline.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
