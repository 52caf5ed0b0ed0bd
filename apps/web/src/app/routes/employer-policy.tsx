import { PolicyPage } from '../../features/employer/components/policy-page';

/** /employer/policy: the programme's rules. */
export function Component() {
  return <PolicyPage />;
}
