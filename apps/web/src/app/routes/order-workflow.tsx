import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /order/:orderId/workflow: step-by-step order flow (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('order.workflowTitle')} />;
}
