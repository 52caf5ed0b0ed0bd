import { Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  API_KEY_SCOPES,
  API_KEYS_MAX,
  ApiKeyCreateRequestSchema,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { CredentialCard, expiryOf, LifetimeSelect, RevokeDialog, type Lifetime } from './credentials';
import { errorText } from './error-text';
import { SecretOnce } from './secret-once';

/** i18next reads a colon as its namespace separator: `payroll:read` is the text `payroll_read`. */
const SCOPE_KEYS = {
  'payroll:read': 'payroll_read',
  'people:read': 'people_read',
  'people:write': 'people_write',
  'orders:read': 'orders_read',
  'invoices:read': 'invoices_read',
} as const satisfies Record<ApiKeyScope, string>;

/** Making a key: a name, its scopes, its lifetime; the field errors are the contract's. */
function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const { t } = useTranslation('integrations');
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [lifetime, setLifetime] = useState<Lifetime>('never');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const create = useCreateApiKey();
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ApiKeyCreateRequestSchema.safeParse({ name, scopes, expiresAt: expiryOf(lifetime) });
    if (!parsed.success) {
      const byField: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'scopes') byField[field] ??= issue.message;
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        setScopes([]);
        setLifetime('never');
        onCreated(created);
      },
      onError: (error) => notify.error(errorText(error, t('error.generic'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('apiKeys.createTitle')}>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          description={t('apiKeys.nameHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={translateValidationMessage(tc, errors.name)}
          maxLength={100}
          required
        />
        <Checkbox.Group
          label={t('apiKeys.scopes')}
          value={scopes}
          onChange={(value) => setScopes(API_KEY_SCOPES.filter((scope) => value.includes(scope)))}
          error={errors.scopes ? t('apiKeys.scopesRequired') : undefined}
          required
        >
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(`apiKeys.scope.${SCOPE_KEYS[scope]}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <LifetimeSelect value={lifetime} onChange={setLifetime} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('apiKeys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The employer's API keys (ADR 0057): made with scopes, shown once, listed by prefix, revoked at once. */
export function ApiKeysSection() {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const notify = useNotify();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify.success(t('revoked', { name: revoking.name }));
        setRevoking(null);
      },
      onError: (error) => notify.error(errorText(error, t('error.generic'))),
    });
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="api-keys-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="api-keys-title">
          {t('apiKeys.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t('apiKeys.intro', { max: API_KEYS_MAX })}
        </Text>
      </Stack>
      {created && (
        <SecretOnce
          title={t('apiKeys.createdTitle', { name: created.name })}
          secret={created.key}
          onDone={() => setCreated(null)}
        />
      )}
      {keys.isError ? (
        <Text c="red">{t('error.load')}</Text>
      ) : keys.data && keys.data.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apiKeys.listLabel')}>
          {keys.data.map((apiKey) => (
            <CredentialCard
              key={apiKey.id}
              credential={apiKey}
              revokeLabel={t('apiKeys.revokeNamed', { name: apiKey.name })}
              onRevoke={() => setRevoking(apiKey)}
            >
              <Group gap={4}>
                {apiKey.scopes.map((scope) => (
                  <Badge key={scope} variant="light" size="sm" tt="none">
                    {scope}
                  </Badge>
                ))}
              </Group>
            </CredentialCard>
          ))}
        </Stack>
      ) : keys.data ? (
        <Text size="sm">{t('apiKeys.empty')}</Text>
      ) : null}
      <Card withBorder padding="md">
        <Title order={3} size="h4" mb="sm">
          {t('apiKeys.createTitle')}
        </Title>
        <CreateKeyForm onCreated={setCreated} />
      </Card>
      <RevokeDialog
        name={revoking?.name ?? null}
        title={t('apiKeys.revokeTitle')}
        text={t('apiKeys.revokeText', { name: revoking?.name ?? '' })}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </Stack>
  );
}
