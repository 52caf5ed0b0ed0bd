import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /register/:registerCode: registration form (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('registerForm.title')} intro={t('registerForm.intro')} />;
}
