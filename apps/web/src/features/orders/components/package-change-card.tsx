import { Alert, Button, Card, Group, Modal, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order, PackageChange, PackageChangeOption, PackageChangeOverview } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate, formatKm } from '../../../lib/format';
import { useMe } from '../../auth/api/get-me';
import { usePackageChange, useRequestPackageChange } from '../api/package-change';
import { formatPayrollMonth } from './claim-parts';
import { PackageChangeStatusBadge, kmChange, rateChange } from './package-change-parts';
import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';

/** The card's element id, for the odometer's hint when the kilometres run over. */
export const PACKAGE_CHANGE_CARD_ID = 'package-change';

/**
 * On a running lease: the kilometre package in force, the car's larger packages with the same term
 * and what each costs more a month, the request after a confirmation, and every request with its
 * state (ADR 0058). The person the order belongs to asks; HR and the provider see the state and the
 * history only (the server offers packages to the employee alone).
 */
export function PackageChangeCard({ order }: { order: Pick<Order, 'id' | 'employee'> }) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const me = useMe();
  const overview = usePackageChange(order.id, true);
  // Here, not in the form: a 409's reason and the toast outlive the form, which goes once a request is open.
  const request = useRequestPackageChange(order.id);
  const errors = useRequestErrors(request.error);
  if (!overview.data || !me.data) return null;
  const owner = me.data.email.toLowerCase() === order.employee.email.toLowerCase();
  const { current, options, changes } = overview.data;
  const latest = changes[0];
  const open = latest?.status === 'REQUESTED';
  const send = (option: PackageChangeOption, done: () => void) =>
    request.mutate(
      { kmPerYear: option.kmPerYear },
      { onSuccess: () => notify.success(t('packageChange.sent')), onSettled: done },
    );
  return (
    <Card withBorder padding="md" data-testid="package-change-card">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={PACKAGE_CHANGE_CARD_ID} tabIndex={-1}>
          {t('packageChange.title')}
        </Title>
        <Text size="sm" data-testid="package-change-current">
          {t('packageChange.current', {
            km: formatKm(current.kmPerYear),
            rate: formatAmount(current.monthlyGrossRateEur),
          })}
        </Text>
        {latest ? <LatestState change={latest} /> : null}
        {owner && !open && options.length > 0 ? (
          <RequestForm
            overview={overview.data}
            sending={request.isPending}
            fieldError={errors.field}
            onChange={() => request.reset()}
            onSend={send}
          />
        ) : null}
        {owner && !open && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('packageChange.noLarger')}
          </Text>
        ) : null}
        {!owner && changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('packageChange.noChanges')}
          </Text>
        ) : null}
        {errors.refusal ? (
          <Alert color="red" variant="light" role="alert" data-testid="package-change-refusal">
            {errors.refusal}
          </Alert>
        ) : null}
        {changes.length > 0 ? <History changes={changes} /> : null}
      </Stack>
    </Card>
  );
}

/** The newest request in words: open, approved from a month, or declined with the provider's reason. */
function LatestState({ change }: { change: PackageChange }) {
  const { t } = useTranslation('orders');
  const terms = { km: formatKm(change.to.kmPerYear), rate: formatAmount(change.to.monthlyGrossRateEur) };
  let text: string;
  let color: string;
  if (change.status === 'REQUESTED') {
    text = t('packageChange.stateRequested', { ...terms, date: formatDate(change.requestedAt) });
    color = 'blue';
  } else if (change.status === 'APPROVED') {
    text = t('packageChange.stateApproved', {
      ...terms,
      month: change.effectiveMonth ? formatPayrollMonth(change.effectiveMonth) : '?',
    });
    color = 'green';
  } else {
    text = change.note
      ? t('packageChange.stateDeclined', { reason: change.note })
      : t('packageChange.stateDeclinedNoReason');
    color = 'gray';
  }
  return (
    <Alert color={color} variant="light" role="status" data-testid="package-change-state">
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Alert>
  );
}

/** The field a 400 names, or the refusal of a 409 (the server's German text), or a generic failure. */
function useRequestErrors(error: unknown) {
  const { t } = useTranslation('orders');
  if (!error) return { field: undefined, refusal: null };
  if (isApiError(error) && error.errors.some((e) => e.field === 'kmPerYear'))
    return { field: error.message || t('packageChange.notOffered'), refusal: null };
  if (isApiError(error) && error.status >= 400 && error.status < 500)
    return { field: undefined, refusal: error.message };
  return { field: undefined, refusal: t('packageChange.failed') };
}

interface RequestFormProps {
  overview: PackageChangeOverview;
  sending: boolean;
  /** The server's reason at the choice (a 400 naming `kmPerYear`). */
  fieldError: string | undefined;
  onChange: () => void;
  onSend: (option: PackageChangeOption, done: () => void) => void;
}

/** The larger packages to choose from, what the choice costs a month, and a confirmation before it is sent. */
function RequestForm({ overview, sending, fieldError, onChange, onSend }: RequestFormProps) {
  const { t } = useTranslation('orders');
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chosen = overview.options.find((option) => String(option.kmPerYear) === choice) ?? null;
  const consequence = (option: PackageChangeOption) =>
    t('packageChange.consequence', { amount: formatAmount(option.differenceEur) });

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) {
            setMissing(true);
            return;
          }
          onChange();
          setConfirming(true);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('packageChange.intro')}</Text>
          <Radio.Group
            label={t('packageChange.choose')}
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setMissing(false);
              onChange();
            }}
            error={missing ? t('packageChange.chooseFirst') : fieldError}
          >
            <Stack gap="xs" mt="xs">
              {overview.options.map((option) => (
                <Radio
                  key={option.leasePackageId}
                  value={String(option.kmPerYear)}
                  label={t('packageChange.option', {
                    km: formatKm(option.kmPerYear),
                    rate: formatAmount(option.monthlyGrossRateEur),
                  })}
                  description={t('packageChange.difference', { amount: formatAmount(option.differenceEur) })}
                />
              ))}
            </Stack>
          </Radio.Group>
          {chosen ? (
            <Text size="sm" fw={600} data-testid="package-change-consequence">
              {consequence(chosen)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" variant="light" loading={sending}>
              {t('packageChange.request')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirming && chosen !== null}
        onClose={() => setConfirming(false)}
        title={t('packageChange.confirmTitle')}
        centered
      >
        {chosen ? (
          <Stack gap="md">
            <Text size="sm">
              {t('packageChange.confirmText', {
                km: formatKm(chosen.kmPerYear),
                currentKm: formatKm(overview.current.kmPerYear),
                rate: formatAmount(chosen.monthlyGrossRateEur),
                currentRate: formatAmount(overview.current.monthlyGrossRateEur),
              })}
            </Text>
            <Text size="sm" fw={600}>
              {consequence(chosen)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('packageChange.cancel')}
              </Button>
              <Button data-autofocus loading={sending} onClick={() => onSend(chosen, () => setConfirming(false))}>
                {t('packageChange.confirmSubmit')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/** Every request of the lease, newest first. */
function History({ changes }: { changes: readonly PackageChange[] }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('packageChange.history')}
      </Title>
      <KeyboardScrollTable label={t('packageChange.history')} minWidth={480}>
        <Table withTableBorder={false} verticalSpacing={4} data-testid="package-change-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('packageChange.requestedOn')}</Table.Th>
              <Table.Th>{t('packageChange.km')}</Table.Th>
              <Table.Th>{t('packageChange.rate')}</Table.Th>
              <Table.Th>{t('packageChange.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.id}>
                <Table.Td>{formatDate(change.requestedAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{kmChange(change.from, change.to)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{rateChange(change.from, change.to)}</Table.Td>
                <Table.Td>
                  <PackageChangeStatusBadge change={change} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </KeyboardScrollTable>
    </Stack>
  );
}
