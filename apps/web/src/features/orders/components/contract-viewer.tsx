import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useContract } from '../api/get-contract';
import { downloadPdf, openPdf } from '../open-window';
import { PdfFrame } from './pdf-frame';

/**
 * The transfer contract of an order (`GET /v1/order/{id}/contract`, fetched with the bearer token):
 * inline where the page policy allows it, and always as "open in a new tab" and "download".
 */
export function ContractViewer({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const contract = useContract(orderId);
  const [blocked, setBlocked] = useState(false);
  const onBlocked = useCallback(() => setBlocked(true), []);
  const fileName = t('contract.fileName', { orderId });

  if (contract.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('contract.loading')}</Text>
      </Group>
    );
  }
  if (contract.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('contract.loadError')}>
        <Button variant="default" size="xs" mt="sm" onClick={() => void contract.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const blob = contract.data;
  return (
    <Stack gap="sm" data-testid="contract-viewer">
      <Group gap="sm">
        <Button variant="light" onClick={() => openPdf(blob, fileName)} data-testid="contract-open">
          {t('contract.open')}
        </Button>
        <Button variant="default" onClick={() => downloadPdf(blob, fileName)}>
          {t('contract.download')}
        </Button>
      </Group>
      {blocked ? (
        <Text size="sm" c="dimmed" data-testid="contract-inline-blocked">
          {t('contract.inlineBlocked')}
        </Text>
      ) : (
        <PdfFrame blob={blob} title={t('contract.frameTitle')} onBlocked={onBlocked} />
      )}
    </Stack>
  );
}
