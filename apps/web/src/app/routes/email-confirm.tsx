import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /user/emailConfirm/:code: confirms the e-mail address once (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('emailConfirm.title')} />;
}
