import { IntegrationsPage } from '../../features/integrations/components/integrations-page';

/** /employer/integrations: sign-in, provisioning, API keys and webhooks of the employer's own systems. */
export function Component() {
  return <IntegrationsPage />;
}
