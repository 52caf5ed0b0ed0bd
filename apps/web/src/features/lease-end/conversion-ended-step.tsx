import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { formatDate } from '../../lib/format';
import { useLeaseEnd } from './api';
import { LeaseEndBanner } from './lease-end-banner';

/**
 * CONVERSION_ENDED (ADR 0040): the follow-up car was handed over, so this lease's salary conversion
 * ended the day before; the car still has to go back, and its return brings the final statement.
 */
export function ConversionEndedStep({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const endedOn = useLeaseEnd(order.id).data?.conversionEndedOn ?? null;
  return (
    <Stack gap="md" align="flex-start" data-testid="step-conversion-ended">
      <Title order={2}>{t('leaseEnd.conversionEndedTitle')}</Title>
      <Text>
        {endedOn
          ? t('leaseEnd.conversionEndedText', { date: formatDate(endedOn) })
          : t('leaseEnd.conversionEndedTextNoDate')}
      </Text>
      <LeaseEndBanner orderId={order.id} />
    </Stack>
  );
}
