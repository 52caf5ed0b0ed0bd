import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { StepUpPasswordSchema } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { clearAuthData } from '../../../lib/auth-store';
import { DownloadProgressView } from '../../../components/transfer-progress';
import type { TransferProgress } from '../../../lib/download-with-progress';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useDeleteAccount, useDownloadMyData } from '../api/privacy';
import { DeleteAccountModal } from './delete-account-modal';

/** The running export: its bytes of the file's size as a bar, or a busy sign while the size is unknown. */
function ExportProgress({ progress }: { progress: TransferProgress }) {
  const { t } = useTranslation('security');
  return (
    <DownloadProgressView
      progress={progress}
      label={t('export.progress.label')}
      text={(wording) => t(`export.progress.${wording.key}`, wording)}
      testId="export-progress"
    />
  );
}

/** "Meine Daten herunterladen": the copy of everything held about the person (Art. 15 and 20 GDPR). */
export function DataExportSection() {
  const { t } = useTranslation('security');
  const notify = useNotify();
  const download = useDownloadMyData();
  const start = async (): Promise<void> => {
    try {
      await download.mutateAsync();
      notify.success(t('export.done'), { autoClose: TOAST_SHORT_MS });
    } catch {
      notify.error(t('export.error'), { autoClose: TOAST_SHORT_MS });
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} fz="lg">
        {t('export.title')}
      </Title>
      <Text size="sm">{t('export.text')}</Text>
      <Group>
        <Button variant="default" loading={download.isPending} onClick={() => void start()}>
          {t('export.button')}
        </Button>
      </Group>
      {download.progress ? <ExportProgress progress={download.progress} /> : null}
    </Stack>
  );
}

/**
 * "Konto löschen": the password first (step-up), then a modal that says what goes and what stays.
 * After the erasure the session is gone on the server; the browser forgets it and shows /login.
 * Admin accounts belong to their organisation, which removes them; admins get a note instead.
 */
export function DeleteAccountSection({ selfService }: { selfService: boolean }) {
  const { t } = useTranslation('security');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const erase = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  const ask = (event: FormEvent): void => {
    event.preventDefault();
    const parsed = StepUpPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setPasswordError(translateValidationMessage(tc, parsed.error.issues[0]?.message));
      return;
    }
    setPasswordError(undefined);
    setConfirming(true);
  };

  const confirm = async (): Promise<void> => {
    try {
      await erase.mutateAsync({ password });
    } catch (error) {
      setConfirming(false);
      if (isApiError(error) && error.errors.some((fieldError) => fieldError.field === 'password')) {
        setPasswordError(t('passwordWrong'));
        setPassword('');
        return;
      }
      notify.error(t('delete.error'), { autoClose: TOAST_SHORT_MS });
      return;
    }
    // Leave the guarded page first: forgetting the session on it would send us to /login?callbackPath=….
    await navigate('/login', { replace: true });
    clearAuthData();
    notify.success(t('delete.done'), { autoClose: TOAST_SHORT_MS });
  };

  if (!selfService) {
    return (
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('delete.title')}
        </Title>
        <Text size="sm">{t('delete.adminNote')}</Text>
      </Stack>
    );
  }
  return (
    <>
      <form noValidate onSubmit={ask} aria-labelledby={titleId}>
        <Stack gap="sm">
          <Title order={3} fz="lg" id={titleId}>
            {t('delete.title')}
          </Title>
          <Text size="sm">{t('delete.text')}</Text>
          <PasswordInput
            label={t('delete.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError}
          />
          <Group>
            <Button type="submit" color="red" variant="light">
              {t('delete.button')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DeleteAccountModal
        opened={confirming}
        pending={erase.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
