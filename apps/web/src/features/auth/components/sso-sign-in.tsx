import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { SsoErrorReasonSchema, type AuthData, type SsoErrorReason } from '@leasing/contract';

import { clearAuthData, setAuthData } from '../../../lib/auth-store';
import { CALLBACK_PARAM, resolveCallbackPath } from '../../../lib/callback-path';
import { exchangeSsoCode, rememberSsoReturn, ssoStartUrl, takeSsoReturn } from '../api/sso';
import { MFA_ENROLMENT_PATH } from './login-form';
import { MfaCodeForm } from './mfa-code-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The work address, sent to the API's start (the browser leaves for the identity provider). */
function StartForm({ reason }: { reason: SsoErrorReason | null }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  // Back to the password form with the page to return to, nothing else of this address.
  const callback = searchParams.get(CALLBACK_PARAM);
  const passwordPath = callback ? `/login?${new URLSearchParams({ [CALLBACK_PARAM]: callback }).toString()}` : '/login';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError(t('sso.emailInvalid'));
      return;
    }
    setError(null);
    setLeaving(true);
    rememberSsoReturn(searchParams.get(CALLBACK_PARAM));
    window.location.assign(ssoStartUrl(email));
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={28}>
          {t('sso.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('sso.intro')}
        </Text>
      </Stack>
      {reason && (
        <Alert color="red" title={t('sso.refusedTitle')} role="alert">
          {t(`sso.reasons.${reason}`)}
        </Alert>
      )}
      <form noValidate onSubmit={submit} aria-label={t('sso.title')}>
        <Stack gap="md">
          <TextInput
            label={t('sso.email')}
            description={t('sso.emailDescription')}
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" fullWidth size="md" loading={leaving}>
            {t('sso.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={passwordPath} size="sm" ta="center">
        {t('sso.withPassword')}
      </Anchor>
    </Stack>
  );
}

/** `?code=`: the one-time code is exchanged at once (and leaves the address), then as after a login. */
function Exchange({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const returnTo = useRef<string | null>(null);

  const signedIn = useCallback(
    async (authData: AuthData, mustEnrol = false) => {
      setAuthData(authData);
      const target = resolveCallbackPath(returnTo.current);
      const next = mustEnrol ? `${MFA_ENROLMENT_PATH}?${CALLBACK_PARAM}=${encodeURIComponent(target)}` : target;
      await navigate(next, { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    // Once, even under StrictMode's second effect: the code is single-use.
    if (started.current) return;
    started.current = true;
    returnTo.current = takeSsoReturn();
    clearAuthData();
    void navigate('/login/sso', { replace: true, state: { exchanging: true } });
    exchangeSsoCode(code)
      .then(async (result) => {
        if (result.authenticated) {
          await signedIn(
            { accessToken: result.accessToken, refreshToken: result.refreshToken },
            result.mfaEnrollmentRequired === true,
          );
        } else if ('mfaRequired' in result) setMfaToken(result.mfaToken);
        else setFailed(true);
      })
      // A used, expired or foreign code (or no connection): the form again, saying to start anew.
      .catch(() => setFailed(true));
  }, [code, navigate, signedIn]);

  if (mfaToken) {
    return (
      <MfaCodeForm
        mfaToken={mfaToken}
        onDone={(authData) => signedIn(authData)}
        onRestart={() => void navigate('/login')}
      />
    );
  }
  if (failed) return <StartForm reason="expired" />;
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
      <Loader />
      <Text>{t('sso.exchanging')}</Text>
    </Stack>
  );
}

/**
 * /login/sso: sign-in with the company account (ADR 0061). Without parameters it asks for the work
 * address; the API's callback comes back with `?code=` (exchanged for the session) or `?error=` (a
 * German explanation, and the form again).
 */
export function SsoSignIn() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const [pendingCode] = useState(code);
  if (pendingCode) return <Exchange code={pendingCode} />;
  const reason = SsoErrorReasonSchema.safeParse(searchParams.get('error'));
  return <StartForm reason={reason.success ? reason.data : searchParams.has('error') ? 'idp_error' : null} />;
}
