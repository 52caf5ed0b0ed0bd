import { LicenceChecksPage } from '../../features/lease-end/licence-checks-page';

/** /employer/licence-checks */
export function Component() {
  return <LicenceChecksPage />;
}
