import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /search: vehicle list with filters (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('search.title')} intro={t('search.intro')} />;
}
