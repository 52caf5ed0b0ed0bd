import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /register/set-password/:code: set-password screen, welcome variant (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('setPassword.welcomeTitle')} intro={t('setPassword.welcomeIntro')} />;
}
