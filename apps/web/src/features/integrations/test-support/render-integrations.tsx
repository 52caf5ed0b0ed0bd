import { Component as EmployerLayoutRoute } from '../../../app/routes/employer-layout';
import { Component as EmployerIntegrationsRoute } from '../../../app/routes/employer-integrations';
import { withQueryClient } from '../../../test/query';
import { renderRoutes } from '../../../test/render';

/** The integrations page inside the employer portal's layout, as the app routes it. */
export function renderIntegrations() {
  return renderRoutes(
    withQueryClient([
      {
        path: '/employer',
        Component: EmployerLayoutRoute,
        children: [{ path: 'integrations', Component: EmployerIntegrationsRoute }],
      },
    ]),
    '/employer/integrations',
  );
}
