import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /forgotten: password-reset request (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('forgotten.title')} intro={t('forgotten.intro')} />;
}
