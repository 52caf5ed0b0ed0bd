import { Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  SCIM_TOKENS_MAX,
  ScimTokenCreateRequestSchema,
  type ScimToken,
  type ScimTokenCreated,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens';
import { CredentialCard, expiryOf, LifetimeSelect, RevokeDialog, type Lifetime } from './credentials';
import { errorText } from './error-text';
import { SecretOnce } from './secret-once';

function CreateTokenForm({ onCreated }: { onCreated: (created: ScimTokenCreated) => void }) {
  const { t } = useTranslation('integrations');
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState<Lifetime>('never');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateScimToken();
  const notify = useNotify();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ScimTokenCreateRequestSchema.safeParse({ name, expiresAt: expiryOf(lifetime) });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        setLifetime('never');
        onCreated(created);
      },
      onError: (failure) => notify.error(errorText(failure, t('error.generic'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('scim.createTitle')}>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          description={t('scim.nameHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={translateValidationMessage(tc, error)}
          maxLength={100}
          required
        />
        <LifetimeSelect value={lifetime} onChange={setLifetime} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('scim.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The directory's SCIM tokens (ADR 0060): the employer's identity service (e.g. Microsoft Entra ID)
 * creates, changes and ends people at the SCIM address with one of them.
 */
export function ScimTokensSection() {
  const { t } = useTranslation('integrations');
  const tokens = useScimTokens();
  const revoke = useRevokeScimToken();
  const notify = useNotify();
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);

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
    <Stack gap="md" component="section" aria-labelledby="scim-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="scim-title">
          {t('scim.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t('scim.intro', { max: SCIM_TOKENS_MAX })}
        </Text>
      </Stack>
      {created && (
        <Stack gap="xs">
          <Text size="sm">
            {t('scim.tenantUrl')} <Code>{created.scimUrl}</Code>
          </Text>
          <SecretOnce
            title={t('scim.createdTitle', { name: created.name })}
            secret={created.token}
            onDone={() => setCreated(null)}
          />
        </Stack>
      )}
      {tokens.isError ? (
        <Text c="red">{t('error.load')}</Text>
      ) : tokens.data && tokens.data.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('scim.listLabel')}>
          {tokens.data.map((token) => (
            <CredentialCard
              key={token.id}
              credential={token}
              revokeLabel={t('scim.revokeNamed', { name: token.name })}
              onRevoke={() => setRevoking(token)}
            />
          ))}
        </Stack>
      ) : tokens.data ? (
        <Text size="sm">{t('scim.empty')}</Text>
      ) : null}
      <Card withBorder padding="md">
        <Title order={3} size="h4" mb="sm">
          {t('scim.createTitle')}
        </Title>
        <CreateTokenForm onCreated={setCreated} />
      </Card>
      <RevokeDialog
        name={revoking?.name ?? null}
        title={t('scim.revokeTitle')}
        text={t('scim.revokeText', { name: revoking?.name ?? '' })}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </Stack>
  );
}
