import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /vehicle/:vehicleId: vehicle detail and package choice (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('vehicle.title')} />;
}
