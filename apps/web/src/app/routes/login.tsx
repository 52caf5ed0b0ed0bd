import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/use-page-title';
import { LoginForm } from '../../features/auth/components/login-form';

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  return <LoginForm />;
}
