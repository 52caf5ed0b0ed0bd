import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Sets `<title>` to "<page> – E-Auto-Leasing" so every screen is identifiable in tabs and screen readers. */
export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  useDocumentTitle(page ? t('common.pageTitle', { page }) : t('common.appName'));
}
