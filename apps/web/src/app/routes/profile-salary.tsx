import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../components/placeholder-page';

/** /profile/salary: personal and salary data form (placeholder). */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('profile.salaryTitle')} />;
}
