import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/use-page-title';
import { LogoutScreen } from '../../features/auth/components/logout-screen';

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('nav.logout'));
  return <LogoutScreen />;
}
