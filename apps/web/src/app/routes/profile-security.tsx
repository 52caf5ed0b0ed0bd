import { useMe } from '../../features/auth/api/get-me';
import { SecurityPage } from '../../features/security/components/security-page';

/** /profile/security: the second factor, the data download and the erasure of the account. */
export function Component() {
  return <SecurityPage role={useMe().data?.role} />;
}
