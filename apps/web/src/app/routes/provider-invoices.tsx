import { InvoicesPage } from '../../features/billing/components/invoices-page';

/** /provider/invoices: the invoice run, the invoices and credit notes, the DATEV export. */
export function Component() {
  return <InvoicesPage />;
}
