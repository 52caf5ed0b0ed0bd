import { Component as EmployerOverviewRoute } from '../../../app/routes/employer';
import { Component as EmployerEmployeesRoute } from '../../../app/routes/employer-employees';
import { Component as EmployerLayoutRoute } from '../../../app/routes/employer-layout';
import { Component as EmployerPayrollRoute } from '../../../app/routes/employer-payroll';
import { Component as EmployerPolicyRoute } from '../../../app/routes/employer-policy';
import { Component as EmployerLicenceChecksRoute } from '../../../app/routes/employer-licence-checks';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

/** The portal's route table as the app has it (without lazy loading), started at `path`. */
export function renderEmployer(path: string) {
  return renderRoutes(
    withQueryClient([
      {
        path: '/employer',
        Component: EmployerLayoutRoute,
        children: [
          { index: true, Component: EmployerOverviewRoute },
          { path: 'employees', Component: EmployerEmployeesRoute },
          { path: 'payroll/:month?', Component: EmployerPayrollRoute },
          { path: 'policy', Component: EmployerPolicyRoute },
          { path: 'licence-checks', Component: EmployerLicenceChecksRoute },
        ],
      },
      { path: '/admin/orders', element: <p>Freigabeliste</p> },
    ]),
    path,
  );
}
