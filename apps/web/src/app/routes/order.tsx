import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /order/:orderId: thank-you text with the order id (placeholder). */
export function Component() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  return (
    <PlaceholderPage title={t('order.title')}>
      <Text fw={600}>{t('order.orderNumber', { orderId })}</Text>
    </PlaceholderPage>
  );
}
