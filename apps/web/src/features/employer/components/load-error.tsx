import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A failed load with a retry button, as on the approval list. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('employer');
  return (
    <Alert variant="light" color="red" role="alert" title={t('loadError')}>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
