import { ActionIcon, Button, Code, Group, Input, Modal, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  BULK_INVITE_MAX_ROWS,
  BulkInviteRowSchema,
  type BulkInviteResult,
  type BulkInviteRow,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useInviteEmployees } from '../api/invite-employees';
import { INVITE_CSV_MAX_BYTES, useUploadInviteCsv } from '../api/upload-invite-csv';
import { InviteResult } from './invite-result';

type RowField = 'firstName' | 'lastName' | 'email' | 'employeeId';
const ROW_FIELDS: readonly RowField[] = ['firstName', 'lastName', 'email', 'employeeId'];

interface DraftRow {
  key: number;
  values: Record<RowField, string>;
  errors: Partial<Record<RowField, string>>;
}

let nextRowKey = 0;
const emptyRow = (): DraftRow => ({
  key: (nextRowKey += 1),
  values: { firstName: '', lastName: '', email: '', employeeId: '' },
  errors: {},
});

/** Each row checked with the contract's row schema: the messages per field, or the row to send. */
function checkRow(row: DraftRow): { errors: DraftRow['errors']; invite?: BulkInviteRow } {
  const parsed = BulkInviteRowSchema.safeParse(row.values);
  if (parsed.success) return { errors: {}, invite: { ...parsed.data, employeeId: parsed.data.employeeId || null } };
  const errors: DraftRow['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = ROW_FIELDS.find((known) => known === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

type Outcome = { result: BulkInviteResult; source: 'list' | 'csv' };

/** A failure the admin can act on (the server's German message for 4xx) or "try again later". */
function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

/** Invites one or many people: a small editable list, or an HR list as CSV file. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('employer');
  const [tab, setTab] = useState<'list' | 'csv'>('list');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const close = () => {
    setOutcome(null);
    setTab('list');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} size="xl" centered>
      <Stack gap="md">
        {outcome ? (
          <>
            <InviteResult result={outcome.result} source={outcome.source} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOutcome(null)}>
                {t('invite.again')}
              </Button>
              <Button onClick={close}>{t('invite.close')}</Button>
            </Group>
          </>
        ) : (
          <Tabs value={tab} onChange={(value) => setTab(value === 'csv' ? 'csv' : 'list')} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="list">{t('invite.tabs.list')}</Tabs.Tab>
              <Tabs.Tab value="csv">{t('invite.tabs.csv')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="list">
              <InviteListForm onDone={(result) => setOutcome({ result, source: 'list' })} onCancel={close} />
            </Tabs.Panel>
            <Tabs.Panel value="csv">
              <InviteCsvForm onDone={(result) => setOutcome({ result, source: 'csv' })} onCancel={close} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * The list: plain state checked row by row with the contract schema on submit (not react-hook-form's
 * `useFieldArray`, whose code would land in /login's first load: the library is one module).
 */
function InviteListForm({ onDone, onCancel }: { onDone: (result: BulkInviteResult) => void; onCancel: () => void }) {
  const { t } = useTranslation('employer');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const invite = useInviteEmployees();
  const [rows, setRows] = useState<DraftRow[]>(() => [emptyRow()]);

  const change = (key: number, field: RowField, value: string) =>
    setRows((current) =>
      current.map((row) =>
        row.key === key
          ? { ...row, values: { ...row.values, [field]: value }, errors: { ...row.errors, [field]: undefined } }
          : row,
      ),
    );

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const checked = rows.map((row) => ({ row, ...checkRow(row) }));
    const invites = checked.flatMap((entry) => (entry.invite ? [entry.invite] : []));
    if (invites.length < checked.length) {
      setRows(checked.map(({ row, errors }) => ({ ...row, errors })));
      // The first field in error gets the focus, as the other forms do.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      onDone(await invite.mutateAsync(invites));
    } catch (error) {
      notify.error(errorText(error, t('retryLater')), { title: t('invite.error') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('invite.tabs.list')}>
      <Stack gap="md">
        {rows.map((row, index) => {
          const number = index + 1;
          const input = (field: RowField) => ({
            value: row.values[field],
            onChange: (event: ChangeEvent<HTMLInputElement>) => change(row.key, field, event.currentTarget.value),
            error: translateValidationMessage(tc, row.errors[field]),
            autoComplete: 'off',
          });
          return (
            <fieldset key={row.key} data-testid="invite-row" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Group justify="space-between" mb={4}>
                <Text component="legend" size="sm" fw={600}>
                  {t('invite.person', { number })}
                </Text>
                {rows.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                    aria-label={t('invite.removeRow', { number })}
                  >
                    ×
                  </ActionIcon>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
                <TextInput label={t('invite.firstName')} required {...input('firstName')} />
                <TextInput label={t('invite.lastName')} required {...input('lastName')} />
                <TextInput
                  label={t('invite.email')}
                  type="email"
                  required
                  autoCapitalize="none"
                  spellCheck={false}
                  {...input('email')}
                />
                <TextInput label={t('invite.employeeId')} {...input('employeeId')} />
              </SimpleGrid>
            </fieldset>
          );
        })}
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={() => setRows((current) => [...current, emptyRow()])}
            disabled={rows.length >= BULK_INVITE_MAX_ROWS}
          >
            {t('invite.addRow')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invite.submit', { count: rows.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function InviteCsvForm({ onDone, onCancel }: { onDone: (result: BulkInviteResult) => void; onCancel: () => void }) {
  const { t } = useTranslation('employer');
  const notify = useNotify();
  const upload = useUploadInviteCsv();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!file) return setError(t('invite.csv.missing'));
    if (file.size > INVITE_CSV_MAX_BYTES) return setError(t('invite.csv.tooLarge'));
    setError(undefined);
    try {
      onDone(await upload.mutateAsync(file));
    } catch (failure) {
      // A file the server cannot read (header, row count) is the file's fault: shown under the field.
      if (isApiError(failure) && failure.status === 400) return setError(failure.message);
      notify.error(errorText(failure, t('retryLater')), { title: t('invite.error') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('invite.tabs.csv')}>
      <Stack gap="md">
        <Text size="sm">{t('invite.csv.help')}</Text>
        <Code block>{t('invite.csv.example')}</Code>
        <Input.Wrapper label={t('invite.csv.file')} required error={error} id={inputId}>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setError(undefined);
            }}
            style={{ display: 'block', marginTop: 4 }}
          />
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" loading={upload.isPending}>
            {t('invite.csv.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
