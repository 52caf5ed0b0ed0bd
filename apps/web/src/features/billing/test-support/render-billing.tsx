import { Component as EmployerInvoicesRoute } from '../../../app/routes/employer-invoices';
import { Component as EmployerLayoutRoute } from '../../../app/routes/employer-layout';
import { Component as BillingProfileRoute } from '../../../app/routes/provider-billing-profile';
import { Component as ProviderInvoicesRoute } from '../../../app/routes/provider-invoices';
import { Component as ProviderLayoutRoute } from '../../../app/routes/provider-layout';
import { Component as ProviderTenantRoute } from '../../../app/routes/provider-tenant';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

/** The billing screens in their layouts as the app has them (without lazy loading), started at `path`. */
export function renderBilling(path: string) {
  return renderRoutes(
    withQueryClient([
      {
        path: '/provider',
        Component: ProviderLayoutRoute,
        children: [
          { path: 'invoices', Component: ProviderInvoicesRoute },
          { path: 'invoices/profile', Component: BillingProfileRoute },
          { path: 'tenants/:tenantId', Component: ProviderTenantRoute },
        ],
      },
      {
        path: '/employer',
        Component: EmployerLayoutRoute,
        children: [{ path: 'invoices', Component: EmployerInvoicesRoute }],
      },
    ]),
    path,
  );
}
