import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PackageChangeDecisionSchema, type ProviderPackageChange } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatKm } from '../../../lib/format';
import { useDecidePackageChange } from '../api/package-changes';
import { fieldMessage } from '../field-errors';

/** A reason the employee reads: required, checked before anything is sent, and the server's refusal. */
export function DeclineModal({ change, onClose }: { change: ProviderPackageChange | null; onClose: () => void }) {
  const { t } = useTranslation('provider');
  return (
    <Modal opened={change !== null} onClose={onClose} title={t('packageChanges.declineTitle')} centered>
      {change ? <DeclineForm key={change.id} change={change} onClose={onClose} /> : null}
    </Modal>
  );
}

function DeclineForm({ change, onClose }: { change: ProviderPackageChange; onClose: () => void }) {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const decide = useDecidePackageChange();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The schema's own message for a missing note is `required`: here it asks for the reason in words.
  const noteMessage = (message: string) =>
    message === 'required' ? t('packageChanges.reasonRequired') : fieldMessage(t, tc, message);

  const submit = () => {
    setRefusal(null);
    const parsed = PackageChangeDecisionSchema.safeParse({ decision: 'DECLINE', note: note.trim() });
    if (!parsed.success) {
      setNoteError(noteMessage(parsed.error.issues[0]?.message ?? 'required'));
      return;
    }
    setNoteError(undefined);
    decide.mutate(
      { changeId: change.id, body: parsed.data },
      {
        onSuccess: (decided) => {
          notify.success(t('packageChanges.declined', { name: decided.personName }));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error) || error.status >= 500 || error.status === 0) {
            setRefusal(t('common.retryLater'));
            return;
          }
          const field = error.errors.find((e) => e.field === 'note');
          if (field) setNoteError(noteMessage(field.message));
          else setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('packageChanges.declineText', {
            name: change.personName,
            km: formatKm(change.to.kmPerYear),
            fromKm: formatKm(change.from.kmPerYear),
          })}
        </Text>
        <Textarea
          label={t('packageChanges.reason')}
          required
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(undefined);
          }}
          error={noteError}
          rows={3}
          maxLength={1000}
          data-autofocus
        />
        {refusal ? (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={decide.isPending}>
            {t('packageChanges.decline')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
