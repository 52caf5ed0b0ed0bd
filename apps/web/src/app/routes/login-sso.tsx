import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/use-page-title';
import { SsoSignIn } from '../../features/auth/components/sso-sign-in';

/** /login/sso: sign-in with the company account. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('sso.title'));
  return <SsoSignIn />;
}
