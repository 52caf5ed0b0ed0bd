import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server answers once (an API key, a SCIM token, a webhook's signing secret): shown here
 * with a copy button and the reminder that it cannot be shown again; closing it forgets it.
 */
export function SecretOnce({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert color="yellow" title={title} role="status">
      <Stack gap="sm">
        <Text size="sm">{t('secret.once')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-once">
          {secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
