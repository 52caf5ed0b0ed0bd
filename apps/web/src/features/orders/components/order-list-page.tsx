import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { useDeleteOrder } from '../api/delete-order';
import { useOrders } from '../api/get-orders';
import { vehicleTitle } from '../order-figures';
import { OrderCard } from './order-card';
import { OrderListSkeleton } from './order-skeletons';

/** Newest id first (spec 2.2), whatever order the server sent. */
const byNewest = (orders: Order[]) => [...orders].sort((a, b) => b.id - a.id);

/** /profile/orders: the employee's orders as cards (spec 2.5), with delete confirmation (spec 8). */
export function OrderListPage() {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const orders = useOrders();
  const deleteOrder = useDeleteOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  usePageTitle(t('list.title'));

  // Spec 8: a failed list call shows the error's message as a toast.
  const listError = orders.error;
  useEffect(() => {
    if (listError) notify.error(listError.message);
  }, [listError, notify]);

  const remove = (order: Order) => {
    setConfirming(null);
    deleteOrder.mutate(order.id, {
      onSuccess: () => notify.success(t('list.deleted')),
      onError: (error) => {
        console.error('order delete failed', error);
        notify.error(error.message);
      },
    });
  };

  let content;
  if (orders.data) {
    content =
      orders.data.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>{t('list.empty')}</Text>
          <Button component={Link} to="/search">
            {t('list.toSearch')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {byNewest(orders.data).map((order) => (
            <OrderCard key={order.id} order={order} deleting={deleteOrder.isPending} onDelete={setConfirming} />
          ))}
        </SimpleGrid>
      );
  } else if (orders.isError) {
    content = (
      <Alert variant="light" color="red" role="alert" title={t('common.loadError')}>
        <Button variant="default" size="xs" mt="sm" onClick={() => void orders.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    content = <OrderListSkeleton />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('list.title')}
      </Title>
      {content}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('list.confirmTitle')} centered>
        {confirming ? (
          <Stack gap="md">
            <Text>{t('list.confirmText', { orderId: confirming.id, vehicle: vehicleTitle(confirming.vehicle) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('list.cancel')}
              </Button>
              <Button color="red" onClick={() => remove(confirming)} data-testid="confirm-delete">
                {t('list.confirmDelete')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
