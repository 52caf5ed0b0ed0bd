import { useTranslation } from 'react-i18next';

import { SectionNav } from '../../../components/section-nav';

/** The portal's sections. */
export function EmployerNav() {
  const { t } = useTranslation('employer');
  return (
    <SectionNav
      label={t('nav.label')}
      sections={[
        { to: '/employer', label: t('nav.overview'), exact: true },
        { to: '/employer/employees', label: t('nav.employees') },
        { to: '/employer/payroll', label: t('nav.payroll') },
        { to: '/employer/policy', label: t('nav.policy') },
        { to: '/employer/contract-check', label: t('nav.contractCheck') },
        { to: '/employer/licence-checks', label: t('nav.licenceChecks') },
        { to: '/employer/invoices', label: t('nav.invoices') },
        { to: '/employer/integrations', label: t('nav.integrations') },
      ]}
    />
  );
}
