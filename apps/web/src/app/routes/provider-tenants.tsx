import { TenantsPage } from '../../features/provider/components/tenants-page';

/** /provider/tenants: the employers. */
export function Component() {
  return <TenantsPage />;
}
