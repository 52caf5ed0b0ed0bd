import { OverviewPage } from '../../features/employer/components/overview-page';

/** /employer: the employer portal's overview. */
export function Component() {
  return <OverviewPage />;
}
