import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /invite/:code: set-password screen, invite variant (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('setPassword.inviteTitle')} intro={t('setPassword.inviteIntro')} />;
}
