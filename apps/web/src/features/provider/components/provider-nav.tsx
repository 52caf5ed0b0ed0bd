import { useTranslation } from 'react-i18next';

import { SectionNav } from '../../../components/section-nav';

/** The back office's sections. */
export function ProviderNav() {
  const { t } = useTranslation('provider');
  return (
    <SectionNav
      label={t('nav.label')}
      sections={[
        { to: '/provider', label: t('nav.dashboard'), exact: true },
        { to: '/provider/tenants', label: t('nav.tenants') },
        { to: '/provider/price-list', label: t('nav.priceList') },
        { to: '/provider/photos', label: t('nav.photos') },
        { to: '/provider/orders', label: t('nav.orders') },
        { to: '/provider/claims', label: t('nav.claims') },
        { to: '/provider/package-changes', label: t('nav.packageChanges') },
        { to: '/provider/invoices', label: t('nav.invoices') },
        { to: '/provider/contract-check', label: t('nav.contractCheck') },
      ]}
    />
  );
}
