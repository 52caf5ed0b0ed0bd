import { BillingProfilePage } from '../../features/billing/components/billing-profile-page';

/** /provider/invoices/profile: the issuer's details on every invoice. */
export function Component() {
  return <BillingProfilePage />;
}
