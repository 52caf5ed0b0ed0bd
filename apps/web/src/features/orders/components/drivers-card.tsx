import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  EEA_LICENCE_COUNTRIES,
  MAX_ADDITIONAL_DRIVERS,
  type AdditionalDriver,
  type AdditionalDriverRequest,
} from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useAddDriver, useDrivers, useRemoveDriver } from '../api/drivers';

const STATUS_COLOR = { PENDING: 'gray', APPROVED: 'green', REJECTED: 'red' } as const;

/**
 * The additional drivers of a signed order or a running lease (ADR 0055): who is named, whether the
 * licence check approved them (only they are insured), the form to name one and the way to remove one.
 */
export function DriversCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const drivers = useDrivers(orderId, true);
  const remove = useRemoveDriver(orderId);
  const [adding, setAdding] = useState(false);
  if (!drivers.data) return null;
  const list = drivers.data;
  return (
    <Card withBorder padding="md" data-testid="drivers-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('drivers.title')}
        </Title>
        <Text size="sm">{t('drivers.text', { max: MAX_ADDITIONAL_DRIVERS })}</Text>
        {list.map((driver) => (
          <DriverRow
            key={driver.id}
            driver={driver}
            onRemove={() => remove.mutate(driver.id)}
            busy={remove.isPending}
          />
        ))}
        {list.length < MAX_ADDITIONAL_DRIVERS ? (
          <Group>
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('drivers.add')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <AddDriverDialog orderId={orderId} opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}

function DriverRow({ driver, onRemove, busy }: { driver: AdditionalDriver; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation('orders');
  const name = `${driver.firstName} ${driver.lastName}`;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="driver-row">
      <Stack gap={0}>
        <Text fw={600}>{name}</Text>
        <Text size="xs" c="dimmed">
          {driver.status === 'APPROVED' && driver.checkedOn
            ? t('drivers.checkedOn', { date: formatDate(driver.checkedOn) })
            : driver.status === 'REJECTED'
              ? t('drivers.rejected', { reason: driver.reason ?? '' })
              : t('drivers.pending')}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge color={STATUS_COLOR[driver.status]} variant="light">
          {t(`drivers.status.${driver.status}`)}
        </Badge>
        <Button
          size="xs"
          variant="subtle"
          onClick={onRemove}
          disabled={busy}
          aria-label={t('drivers.remove', { name })}
        >
          {t('drivers.removeShort')}
        </Button>
      </Group>
    </Group>
  );
}

const EMPTY: AdditionalDriverRequest = {
  firstName: '',
  lastName: '',
  email: '',
  dateOfBirth: '',
  licenceIssuedOn: '',
  licenceCountry: 'DE',
};

function AddDriverDialog({ orderId, opened, onClose }: { orderId: number; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const add = useAddDriver(orderId);
  const [form, setForm] = useState<AdditionalDriverRequest>(EMPTY);
  const [missing, setMissing] = useState<string[]>([]);
  const regions = new Intl.DisplayNames([i18n.language || 'de'], { type: 'region' });
  const countries = EEA_LICENCE_COUNTRIES.map((code) => ({ value: code, label: regions.of(code) ?? code })).sort(
    (a, b) => a.label.localeCompare(b.label, i18n.language || 'de'),
  );
  const serverErrors = isApiError(add.error) && add.error.status === 400 ? add.error.errors : [];
  const errorOf = (field: keyof AdditionalDriverRequest) => {
    if (missing.includes(field)) return tc('validation.fieldRequired');
    const message = serverErrors.find((e) => e.field === field)?.message;
    // The rule's refusals are German sentences; schema messages are keys.
    return message?.endsWith('.') ? message : translateValidationMessage(tc, message);
  };
  const set = (field: keyof AdditionalDriverRequest) => (event: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: event.currentTarget.value });
  const setDay = (field: 'dateOfBirth' | 'licenceIssuedOn') => (day: string) => setForm({ ...form, [field]: day });
  const close = () => {
    setForm(EMPTY);
    setMissing([]);
    add.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('drivers.addTitle')} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const empty = (Object.keys(form) as (keyof AdditionalDriverRequest)[]).filter((k) => form[k].trim() === '');
          setMissing(empty);
          if (empty.length > 0) return;
          add.mutate(form, { onSuccess: close });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('drivers.addText')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('drivers.firstName')}
              value={form.firstName}
              onChange={set('firstName')}
              error={errorOf('firstName')}
              required
              data-autofocus
            />
            <TextInput
              label={t('drivers.lastName')}
              value={form.lastName}
              onChange={set('lastName')}
              error={errorOf('lastName')}
              required
            />
            <TextInput
              type="email"
              label={t('drivers.email')}
              description={t('drivers.emailDescription')}
              value={form.email}
              onChange={set('email')}
              error={errorOf('email')}
              required
            />
            <DayField
              label={t('drivers.dateOfBirth')}
              value={form.dateOfBirth}
              onChange={setDay('dateOfBirth')}
              error={errorOf('dateOfBirth')}
              required
            />
            <DayField
              label={t('drivers.licenceIssuedOn')}
              value={form.licenceIssuedOn}
              onChange={setDay('licenceIssuedOn')}
              error={errorOf('licenceIssuedOn')}
              required
            />
            <Select
              label={t('drivers.licenceCountry')}
              data={countries}
              value={form.licenceCountry}
              onChange={(value) => setForm({ ...form, licenceCountry: value ?? '' })}
              error={errorOf('licenceCountry')}
              allowDeselect={false}
              searchable
              required
            />
          </SimpleGrid>
          {add.isError && serverErrors.length === 0 ? (
            <Alert color="red" variant="light" role="alert">
              {isApiError(add.error) && add.error.status < 500 ? add.error.message : t('drivers.failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('drivers.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('drivers.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
