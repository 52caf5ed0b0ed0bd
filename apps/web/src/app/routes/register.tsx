import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /register: registration-code form (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('register.title')} intro={t('register.intro')} />;
}
