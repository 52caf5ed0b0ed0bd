import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /user/passwordReset/:code: set-password screen, reset variant (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('setPassword.resetTitle')} intro={t('setPassword.resetIntro')} />;
}
