import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { useDocument } from '../orders/api/get-document';
import { openPdf } from '../orders/open-window';

/** The file name the API gives the final statement (`Schlussabrechnung-{orderId}.pdf`). */
const isFinalStatement = (name: string) => name.startsWith('Schlussabrechnung');

/** LEASE_ENDED: the car is back; the final statement is among the order's documents. */
export function LeaseEndedStep({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const open = useDocument();
  const statement = order.documents.find((d) => isFinalStatement(d.name)) ?? null;
  return (
    <Stack gap="md" align="flex-start" data-testid="step-lease-ended">
      <Title order={2}>{t('leaseEnd.endedTitle')}</Title>
      <Text>{t('leaseEnd.endedText')}</Text>
      {statement ? (
        <Button
          variant="light"
          loading={open.isPending}
          onClick={() =>
            open.mutate(
              { orderId: order.id, documentId: statement.id },
              { onSuccess: (blob) => openPdf(blob, statement.name) },
            )
          }
          data-testid="final-statement"
        >
          {t('leaseEnd.finalStatement')}
        </Button>
      ) : null}
    </Stack>
  );
}
