import { Button, Divider, Group, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AbsenceTypes, type Absence, type AbsenceType, type TenantEmployee } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useAbsenceChanges, useAbsences } from '../api/absences';
import { isIsoDate, todayIso } from '../months';
import { useEmployerFormat } from '../use-employer-format';

type Errors = Partial<Record<'type' | 'from' | 'to', string>>;

/** The server's field errors (German), or null when the failure has none. */
function fieldErrors(failure: unknown): Errors | null {
  if (!isApiError(failure) || failure.status !== 400 || failure.errors.length === 0) return null;
  const errors: Errors = {};
  for (const { field, message } of failure.errors) {
    if (field === 'type' || field === 'from' || field === 'to') errors[field] ??= message;
  }
  return errors;
}

function AbsenceLine({ employeeId, absence }: { employeeId: string; absence: Absence }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const notify = useNotify();
  const { move, remove } = useAbsenceChanges(employeeId);
  const [to, setTo] = useState(absence.to ?? '');
  const [error, setError] = useState<string | undefined>();
  const failed = (failure: unknown) => {
    const errors = fieldErrors(failure);
    if (errors?.to) setError(errors.to);
    else notify.error(isApiError(failure) ? failure.message : t('retryLater'), { title: t('absences.error') });
  };
  return (
    <Stack gap={4} data-testid={`absence-${absence.id}`}>
      <Text size="sm" fw={600}>
        {t(`absences.types.${absence.type}`)}: {format.date(absence.from)} –{' '}
        {absence.to ? format.date(absence.to) : t('absences.open')}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`absences.payers.${absence.payer}`)}
      </Text>
      <Group align="flex-end" gap="sm">
        <DayField
          size="xs"
          label={t('absences.to')}
          value={to}
          onChange={(next) => {
            setTo(next);
            setError(undefined);
          }}
          error={error}
          clearable
        />
        <Button
          size="xs"
          variant="default"
          loading={move.isPending}
          onClick={() =>
            void move
              .mutateAsync({ absenceId: absence.id, to: to === '' ? null : to })
              .then(() => notify.success(t('absences.moved')))
              .catch(failed)
          }
        >
          {t('absences.saveEnd')}
        </Button>
        {absence.from > todayIso() ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              void remove
                .mutateAsync(absence.id)
                .then(() => notify.success(t('absences.removed')))
                .catch(failed)
            }
          >
            {t('absences.remove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** HR records an absence without pay for a person with a running lease; payroll pauses those days. */
export function AbsencesModal({ employee, onClose }: { employee: TenantEmployee | null; onClose: () => void }) {
  const { t } = useTranslation('employer');
  const notify = useNotify();
  const list = useAbsences(employee?.id ?? null);
  const { record } = useAbsenceChanges(employee?.id ?? '');
  const [type, setType] = useState<AbsenceType>('PARENTAL_LEAVE');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const name = employee ? `${employee.firstName} ${employee.lastName}` : '';

  const submit = async (): Promise<void> => {
    const local: Errors = {};
    if (!isIsoDate(from)) local.from = t('absences.dateRequired');
    if (to !== '' && !isIsoDate(to)) local.to = t('absences.dateRequired');
    setErrors(local);
    if (Object.keys(local).length > 0 || !employee) return;
    try {
      await record.mutateAsync({ type, from, to: to === '' ? null : to });
      notify.success(t('absences.recorded', { name }));
      setFrom('');
      setTo('');
    } catch (failure) {
      const server = fieldErrors(failure);
      if (server) setErrors(server);
      else notify.error(isApiError(failure) ? failure.message : t('retryLater'), { title: t('absences.error') });
    }
  };

  return (
    <Modal opened={employee !== null} onClose={onClose} title={t('absences.title', { name })} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{t('absences.text')}</Text>
        {(list.data ?? []).map((absence) =>
          employee ? <AbsenceLine key={absence.id} employeeId={employee.id} absence={absence} /> : null,
        )}
        {list.data && list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('absences.none')}
          </Text>
        ) : null}
        <Divider />
        <form
          noValidate
          aria-label={t('absences.new')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NativeSelect
                label={t('absences.type')}
                value={type}
                data={AbsenceTypes.map((value) => ({ value, label: t(`absences.types.${value}`) }))}
                onChange={(event) => {
                  const chosen = AbsenceTypes.find((known) => known === event.currentTarget.value);
                  if (chosen) setType(chosen);
                }}
                error={errors.type}
              />
              <DayField
                label={t('absences.from')}
                value={from}
                onChange={setFrom}
                error={errors.from}
                required
              />
              <DayField
                label={t('absences.to')}
                description={t('absences.toHint')}
                value={to}
                onChange={setTo}
                error={errors.to}
                clearable
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('absences.close')}
              </Button>
              <Button type="submit" loading={record.isPending}>
                {t('absences.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
