import { DashboardPage } from '../../features/provider/components/dashboard-page';

/** /provider: the pipeline at a glance. */
export function Component() {
  return <DashboardPage />;
}
