import { useParams } from 'react-router';

import { TenantDetailPage } from '../../features/provider/components/tenant-detail-page';

/** /provider/tenants/:tenantId: one employer with its codes and HR admins. */
export function Component() {
  const tenantId = useParams()['tenantId'] ?? '';
  return <TenantDetailPage key={tenantId} tenantId={tenantId} />;
}
