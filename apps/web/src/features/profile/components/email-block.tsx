import { Alert, Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { EmailSchema, StepUpPasswordSchema } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useChangeEmail } from '../api/change-email';
import { serverMessage } from '../messages';

const loadPasswordInput = () => import('./step-up-password-input');
const StepUpPasswordInput = lazy(loadPasswordInput);

const NewEmailSchema = z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), EmailSchema);

/**
 * E-mail block on top of the profile (spec 4.4): read-only until "Bearbeiten". Saving asks the server
 * only when the address really changed; the change takes effect once the new address is confirmed.
 * The current password confirms the change (step-up), so a stolen session cannot move the account.
 */
export function EmailBlock({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const changeEmail = useChangeEmail();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(currentEmail);
  const [error, setError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [pending, setPending] = useState<string | null>(null);
  const toast = { autoClose: TOAST_SHORT_MS };
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard users stay where they act: into the field on "Bearbeiten", back to it after save/cancel.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const cancel = () => {
    setEditing(false);
    setDraft(currentEmail);
    setError(undefined);
    setPassword('');
    setPasswordError(undefined);
  };

  const save = async () => {
    const parsed = NewEmailSchema.safeParse(draft);
    if (!parsed.success) {
      setError(translateValidationMessage(tc, parsed.error.issues[0]?.message));
      return;
    }
    if (parsed.data === currentEmail.trim().toLowerCase()) {
      cancel();
      return;
    }
    const confirmed = StepUpPasswordSchema.safeParse(password);
    if (!confirmed.success) {
      setPasswordError(translateValidationMessage(tc, confirmed.error.issues[0]?.message));
      return;
    }
    try {
      await changeEmail.mutateAsync({ email: parsed.data, password: confirmed.data });
      notify.success(t('email.requested', { email: parsed.data }), toast);
      setPending(parsed.data);
      cancel();
    } catch (failure) {
      if (isApiError(failure) && failure.errors.some((fieldError) => fieldError.field === 'password')) {
        setPasswordError(t('email.passwordWrong'));
        setPassword('');
        return;
      }
      notify.error(serverMessage(failure, t('genericError')), toast);
    }
  };

  return (
    <Fieldset legend={t('email.legend')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (editing) void save();
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              ref={inputRef}
              label={t('email.label')}
              description={t('email.description')}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              readOnly={!editing}
              value={editing ? draft : currentEmail}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              style={{ flex: '1 1 18rem' }}
            />
            {editing ? (
              <Suspense fallback={null}>
                <StepUpPasswordInput
                  label={t('email.password')}
                  description={t('email.passwordDescription')}
                  value={password}
                  onChange={(event) => {
                    setPassword(event.currentTarget.value);
                    setPasswordError(undefined);
                  }}
                  error={passwordError}
                  style={{ flex: '1 1 14rem' }}
                />
              </Suspense>
            ) : null}
            {editing ? (
              <Group gap="xs">
                <Button type="submit" loading={changeEmail.isPending}>
                  {t('email.save')}
                </Button>
                <Button variant="default" onClick={cancel} disabled={changeEmail.isPending}>
                  {t('email.cancel')}
                </Button>
              </Group>
            ) : (
              <Button
                ref={editRef}
                variant="default"
                // The password field's code starts loading as the hand or the focus nears the button.
                onPointerEnter={() => void loadPasswordInput()}
                onFocus={() => void loadPasswordInput()}
                onClick={() => {
                  setDraft(currentEmail);
                  setEditing(true);
                }}
              >
                {t('email.edit')}
              </Button>
            )}
          </Group>
          {pending ? (
            <Alert color="blue" variant="light" role="status">
              {t('email.requested', { email: pending })} {t('email.pending', { email: pending })}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Fieldset>
  );
}
