import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /profile/orders: the user's orders, newest first (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('profile.ordersTitle')} />;
}
