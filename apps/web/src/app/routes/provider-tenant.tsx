import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { TenantDetailPage } from '../../features/provider/components/tenant-detail-page';

/** /provider/tenants/:tenantId: one employer with its codes, HR admins and billing data. */
export function Component() {
  // The billing data's form has texts of its own: loaded with the page, so it never waits on its own.
  useTranslation('billing');
  const tenantId = useParams()['tenantId'] ?? '';
  return <TenantDetailPage key={tenantId} tenantId={tenantId} />;
}
