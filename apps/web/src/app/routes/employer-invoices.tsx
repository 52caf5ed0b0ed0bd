import { EmployerInvoicesPage } from '../../features/billing/components/employer-invoices-page';

/** /employer/invoices: the employer's invoices and its billing data (read only). */
export function Component() {
  return <EmployerInvoicesPage />;
}
