import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /order/:orderId/preview: read-only order summary (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('order.previewTitle')} />;
}
