import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { AuthData } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { completeMfaLogin } from '../api/login';

/**
 * The second step of a login with a second factor: a six-digit code from the authenticator app, or one
 * of the recovery codes. Tokens come only from this step; `onDone` stores them.
 */
export function MfaCodeForm({
  mfaToken,
  onDone,
  onRestart,
}: {
  mfaToken: string;
  onDone: (authData: AuthData) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const value = code.trim();
    const valid = recovery ? /^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$/.test(value) : /^\d{6}$/.test(value);
    if (!valid) {
      setError(t(recovery ? 'login.mfa.recoveryInvalid' : 'login.mfa.codeInvalid'));
      return;
    }
    setPending(true);
    try {
      const result = await completeMfaLogin({ mfaToken, code: value });
      if (!result.authenticated) {
        setError(t('login.mfa.rejected'));
        setCode('');
        return;
      }
      await onDone({ accessToken: result.accessToken, refreshToken: result.refreshToken });
    } catch (failure) {
      const key =
        isApiError(failure) && failure.code === 'RATE_LIMITED' ? 'login.errors.rateLimited' : 'login.errors.failed';
      notify.error(t(key), { autoClose: TOAST_SHORT_MS });
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={28}>
          {t('login.mfa.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(recovery ? 'login.mfa.recoveryIntro' : 'login.mfa.intro')}
        </Text>
      </Stack>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            key={recovery ? 'recovery' : 'totp'}
            label={t(recovery ? 'login.mfa.recoveryLabel' : 'login.mfa.codeLabel')}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={recovery ? 11 : 6}
            required
            data-autofocus
            autoFocus
            value={code}
            error={error}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" fullWidth size="md" loading={pending}>
            {t('login.mfa.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
          }}
        >
          {t(recovery ? 'login.mfa.useApp' : 'login.mfa.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('login.mfa.restart')}
        </Anchor>
      </Group>
    </Stack>
  );
}
