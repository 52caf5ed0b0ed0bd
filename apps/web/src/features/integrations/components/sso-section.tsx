import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TenantSsoUpdateRequestSchema, type TenantSsoConfig } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useSaveSsoConfig, useSsoConfig } from '../api/sso';
import { errorText } from './error-text';

type Field = 'issuer' | 'clientId' | 'clientSecret' | 'emailDomains';
const FIELDS: readonly Field[] = ['issuer', 'clientId', 'clientSecret', 'emailDomains'];

interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  enabled: boolean;
  requireSso: boolean;
}

const draftOf = (config: TenantSsoConfig): Draft => ({
  issuer: config.issuer ?? '',
  clientId: config.clientId ?? '',
  clientSecret: '',
  domains: config.emailDomains.join(', '),
  enabled: config.enabled,
  requireSso: config.requireSso,
});

/** "muster.de, @muster-gmbh.de" → the domains, as HR would type them. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

function SsoForm({ config }: { config: TenantSsoConfig }) {
  const { t } = useTranslation('integrations');
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(config));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveSsoConfig();
  const notify = useNotify();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = TenantSsoUpdateRequestSchema.safeParse({
      issuer: draft.issuer,
      clientId: draft.clientId,
      ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
      emailDomains: domainsOf(draft.domains),
      enabled: draft.enabled,
      requireSso: draft.enabled && draft.requireSso,
    });
    if (!parsed.success) {
      const byField: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELDS.find((known) => known === issue.path[0]);
        if (field) byField[field] ??= issue.message === 'https' ? t('sso.httpsRequired') : issue.message;
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('sso.saved')),
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          const byField: typeof errors = {};
          for (const fieldError of error.errors) {
            const field = FIELDS.find((known) => known === fieldError.field);
            if (field) byField[field] ??= error.message;
          }
          setErrors(byField);
        }
        setServerError(errorText(error, t('error.generic')));
      },
    });
  };
  const message = (field: Field) => {
    const value = errors[field];
    return value && /\s/.test(value) ? value : translateValidationMessage(tc, value);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('sso.title')}>
      <Stack gap="sm">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('sso.issuer')}
          description={t('sso.issuerHint')}
          placeholder="https://login.microsoftonline.com/<tenant-id>/v2.0"
          value={draft.issuer}
          onChange={(e) => set('issuer', e.currentTarget.value)}
          error={message('issuer')}
          required
        />
        <TextInput
          label={t('sso.clientId')}
          value={draft.clientId}
          onChange={(e) => set('clientId', e.currentTarget.value)}
          error={message('clientId')}
          required
        />
        <PasswordInput
          label={t('sso.clientSecret')}
          description={config.clientSecretSet ? t('sso.clientSecretKept') : t('sso.clientSecretHint')}
          value={draft.clientSecret}
          onChange={(e) => set('clientSecret', e.currentTarget.value)}
          error={message('clientSecret')}
          autoComplete="off"
          visibilityToggleButtonProps={{ 'aria-label': t('sso.showSecret') }}
        />
        <TextInput
          label={t('sso.domains')}
          description={t('sso.domainsHint')}
          placeholder="muster-gmbh.de"
          value={draft.domains}
          onChange={(e) => set('domains', e.currentTarget.value)}
          error={message('emailDomains')}
          required
        />
        <Switch
          label={t('sso.enabled')}
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
        />
        <Switch
          label={t('sso.requireSso')}
          description={t('sso.requireSsoHint')}
          checked={draft.enabled && draft.requireSso}
          disabled={!draft.enabled}
          onChange={(e) => set('requireSso', e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('sso.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sign-in with the company account (ADR 0061): the identity provider, its client and the domains. */
export function SsoSection() {
  const { t } = useTranslation('integrations');
  const config = useSsoConfig();
  return (
    <Stack gap="md" component="section" aria-labelledby="sso-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="sso-title">
          {t('sso.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          {t('sso.intro')}
        </Text>
      </Stack>
      {config.isError && <Text c="red">{t('error.load')}</Text>}
      {config.data && (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('sso.callbackUrl')}
              </Text>
              <Group gap="xs" wrap="wrap" align="center">
                <Code style={{ wordBreak: 'break-all' }}>{config.data.callbackUrl}</Code>
                <CopyButton value={config.data.callbackUrl}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? t('secret.copied') : t('secret.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {t('sso.callbackUrlHint')}
              </Text>
            </Stack>
            {/* A saved configuration starts the form anew from what the server keeps. */}
            <SsoForm key={config.data.updatedAt ?? 'new'} config={config.data} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
