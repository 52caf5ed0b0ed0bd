import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/use-page-title';
import { ApiKeysSection } from './api-keys-section';
import { ScimTokensSection } from './scim-tokens-section';
import { SsoSection } from './sso-section';
import { WebhooksSection } from './webhooks-section';

/**
 * /employer/integrations: the employer's own systems — sign-in with the company account, people
 * provisioned by SCIM, API keys and signed webhooks — one section each, HR only.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('title'));
  return (
    <Stack gap="xl">
      <Stack gap={4} maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Divider />
      <SsoSection />
      <Divider />
      <ScimTokensSection />
      <Divider />
      <ApiKeysSection />
      <Divider />
      <WebhooksSection />
    </Stack>
  );
}
