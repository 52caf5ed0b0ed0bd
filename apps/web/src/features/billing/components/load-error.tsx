import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A failed load with a retry button. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Alert variant="light" color="red" role="alert" title={t('common.loadError')}>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
