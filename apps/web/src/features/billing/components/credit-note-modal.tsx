import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { CreditNoteRequestSchema, type InvoiceDetail } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useCreateCreditNote } from '../api/provider-billing';
import { billingFieldMessage } from '../field-errors';

type Input = { reason: string };

/**
 * Asks for the reason (required, checked by the contract's schema) before a credit note cancels an
 * issued invoice; the credit note is opened once it exists.
 */
export function CreditNoteModal({
  invoice,
  opened,
  onClose,
  onCreated,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
  onCreated: (creditNote: InvoiceDetail) => void;
}) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const create = useCreateCreditNote();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(CreditNoteRequestSchema), defaultValues: { reason: '' } });

  const close = () => {
    reset({ reason: '' });
    onClose();
  };

  const onSubmit = async ({ reason }: Input): Promise<void> => {
    try {
      const creditNote = await create.mutateAsync({ invoiceId: invoice.id, reason });
      notify.success(t('creditNote.created', { number: creditNote.number }));
      reset({ reason: '' });
      onCreated(creditNote);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        notify.error(t('creditNote.conflict'));
        close();
        return;
      }
      const reasonError =
        isApiError(error) && error.status === 400 ? error.errors.find((e) => e.field === 'reason') : undefined;
      if (reasonError) {
        setError('reason', { type: 'server', message: reasonError.message }, { shouldFocus: true });
        return;
      }
      notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('creditNote.title', { number: invoice.number })} centered>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="md">
          <Text size="sm">
            {t('creditNote.intro', { number: invoice.number, amount: formatAmount(invoice.grossEur) })}
          </Text>
          <Textarea
            label={t('creditNote.reason')}
            description={t('creditNote.reasonHint')}
            required
            rows={3}
            maxLength={500}
            data-autofocus
            error={billingFieldMessage(t, tc, errors.reason?.message)}
            {...register('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('creditNote.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
