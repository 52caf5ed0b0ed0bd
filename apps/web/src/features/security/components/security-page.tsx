import {
  Alert,
  Button,
  Code,
  Divider,
  Group,
  Image,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import type { MfaSetupResponse, Role } from '@leasing/contract';

import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/format';
import { CALLBACK_PARAM, resolveCallbackPath } from '../../../lib/callback-path';
import { useMfaConfirm, useMfaDisable, useMfaSetup, useMfaStatus } from '../api/mfa';
import { DataExportSection, DeleteAccountSection } from './privacy-sections';

/** A wrong password or code from the server, shown under its field; anything else is a toast. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return undefined;
  return error.errors.find((e) => e.field === field)?.message;
}

/**
 * /profile/security: the second factor, then the person's data: the download of everything held about
 * them and the erasure of the account. `role` decides whether the erasure is self-service (employees)
 * or the organisation's (admins); unknown while it loads.
 */
export function SecurityPage({ role }: { role: Role | undefined }) {
  const { t } = useTranslation('security');
  return (
    <Stack gap="xl" maw={640}>
      <MfaSection />
      <Divider />
      <Stack gap="lg">
        <Title order={2}>{t('data.title')}</Title>
        <DataExportSection />
        {role ? <DeleteAccountSection selfService={role === 'EMPLOYEE'} /> : null}
      </Stack>
    </Stack>
  );
}

/**
 * The second factor (TOTP). Enrolment in three steps (password again, scan and confirm a code, keep
 * the recovery codes); admins must enrol, employees may, and may switch it off.
 */
function MfaSection() {
  const { t } = useTranslation('security');
  const status = useMfaStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <PageSkeleton />;
  if (status.isError) return <Alert color="red">{t('loadError')}</Alert>;
  const { enabled, required, graceEndsAt } = status.data;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : enabled ? (
        <Stack gap="md">
          <Alert color="green" title={t('enabled.title')}>
            {t('enabled.text')}
          </Alert>
          {required ? <Text size="sm">{t('enabled.required')}</Text> : <DisableForm />}
        </Stack>
      ) : (
        <Stack gap="md">
          {required ? (
            <Alert color="orange" title={t('required.title')}>
              {graceEndsAt
                ? t('required.until', {
                    date: dateTimeFormat({ dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
                      new Date(graceEndsAt),
                    ),
                  })
                : t('required.now')}
            </Alert>
          ) : null}
          <EnrolForm onEnabled={setRecoveryCodes} />
        </Stack>
      )}
    </Stack>
  );
}

/** The code a just-accepted invitation handed over (router state): its link proved the mailbox. */
function useEnrolmentCodeFromInvitation(): string {
  const state: unknown = useLocation().state;
  const code = state && typeof state === 'object' && 'mfaEnrolmentCode' in state ? state.mfaEnrolmentCode : null;
  return typeof code === 'string' ? code : '';
}

/**
 * Enrolment. Step 1 proves the password and the mailbox (ADR 0025): the password alone has a code
 * mailed, which comes back here with it; after an invitation the code is already at hand. Step 2
 * scans the secret and confirms its first code.
 */
function EnrolForm({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const notify = useNotify();
  const setup = useMfaSetup();
  const confirm = useMfaConfirm();
  const fromInvitation = useEnrolmentCodeFromInvitation();
  // A spent invitation code (a reload after the enrolment started) falls back to a mailed one.
  const [invitationSpent, setInvitationSpent] = useState(false);
  const invitationCode = invitationSpent ? '' : fromInvitation;
  const [password, setPassword] = useState('');
  const [mailCode, setMailCode] = useState('');
  const [mailSent, setMailSent] = useState(false);
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState<MfaSetupResponse | null>(null);

  const start = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const proof = invitationCode || mailCode.trim();
    try {
      const answer = await setup.mutateAsync(proof ? { password, mailCode: proof } : { password });
      if ('mailCodeSent' in answer) {
        setMailSent(true);
        return;
      }
      setSecret(answer);
      setPassword('');
    } catch (error) {
      if (invitationCode && fieldError(error, 'mailCode')) {
        setInvitationSpent(true);
        notify.error(t('mailCodeWrong'));
      } else if (!fieldError(error, 'password') && !fieldError(error, 'mailCode')) notify.error(t('error'));
    }
  };
  const finish = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    try {
      onEnabled((await confirm.mutateAsync(code.trim())).recoveryCodes);
      notify.success(t('enrol.done'));
    } catch (error) {
      if (!fieldError(error, 'code')) notify.error(t('error'));
    }
  };

  if (!secret) {
    const askingForCode = mailSent && !invitationCode;
    return (
      <form noValidate onSubmit={(event) => void start(event)}>
        <Stack gap="md">
          <Text>{invitationCode ? t('enrol.step1Invitation') : t('enrol.step1')}</Text>
          <PasswordInput
            label={t('enrol.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError(setup.error, 'password') ? t('passwordWrong') : undefined}
          />
          {askingForCode ? (
            <TextInput
              label={t('enrol.mailCode')}
              description={t('enrol.mailCodeSent')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={9}
              required
              value={mailCode}
              onChange={(event) => setMailCode(event.currentTarget.value)}
              error={fieldError(setup.error, 'mailCode') ? t('mailCodeWrong') : undefined}
            />
          ) : null}
          <Group>
            <Button
              type="submit"
              loading={setup.isPending}
              disabled={password.length === 0 || (askingForCode && !/^\d{4} ?\d{4}$/.test(mailCode.trim()))}
            >
              {askingForCode || invitationCode ? t('enrol.start') : t('enrol.sendCode')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void finish(event)}>
      <Stack gap="md">
        <Text>{t('enrol.step2')}</Text>
        <Image src={secret.qrCode} alt={t('enrol.qrAlt')} w={220} h={220} fit="contain" />
        <Text size="sm">
          {t('enrol.manual')} <Code>{secret.secret.replace(/(.{4})/g, '$1 ').trim()}</Code>
        </Text>
        <TextInput
          label={t('enrol.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError(confirm.error, 'code') ? t('codeWrong') : undefined}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending} disabled={!/^\d{6}$/.test(code.trim())}>
            {t('enrol.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const download = () => {
    const blob = new Blob([`${t('recovery.fileTitle')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'wiederherstellungscodes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" title={t('recovery.title')}>
        {t('recovery.text')}
      </Alert>
      <List spacing={4} ff="monospace" aria-label={t('recovery.title')}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button onClick={() => void navigate(resolveCallbackPath(searchParams.get(CALLBACK_PARAM)), { replace: true })}>
          {t('recovery.continue')}
        </Button>
      </Group>
    </Stack>
  );
}

function DisableForm() {
  const { t } = useTranslation('security');
  const notify = useNotify();
  const disable = useMfaDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      notify.success(t('disable.done'));
    } catch (error) {
      if (!fieldError(error, 'password') && !fieldError(error, 'code')) notify.error(t('error'));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('disable.title')}
        </Title>
        <PasswordInput
          label={t('enrol.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError(disable.error, 'password') ? t('passwordWrong') : undefined}
        />
        <TextInput
          label={t('disable.code')}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fieldError(disable.error, 'code') ? t('codeWrong') : undefined}
        />
        <Group>
          <Button color="red" variant="light" type="submit" loading={disable.isPending}>
            {t('disable.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
