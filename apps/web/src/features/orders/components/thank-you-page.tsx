import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../../components/use-page-title';
import { OrderNotFound, useOrderIdParam } from './workflow-page';

/** /order/:orderId: thank-you text with the order id and the ways on. */
export function ThankYouPage() {
  const { t } = useTranslation('orders');
  const orderId = useOrderIdParam();
  usePageTitle(t('thankYou.title'));
  if (orderId === null) return <OrderNotFound />;
  return (
    <Stack gap="md" align="flex-start" maw={720}>
      <Title order={1}>{t('thankYou.title')}</Title>
      <Text fw={600} size="lg" data-testid="order-number">
        {t('thankYou.orderNumber', { orderId })}
      </Text>
      <Text>{t('thankYou.text')}</Text>
      <Text>{t('thankYou.mail')}</Text>
      <Group>
        <Button component={Link} to={`/order/${String(orderId)}/workflow`}>
          {t('common.toWorkflow')}
        </Button>
        <Button component={Link} to="/profile/orders" variant="default">
          {t('common.toOrders')}
        </Button>
      </Group>
    </Stack>
  );
}
