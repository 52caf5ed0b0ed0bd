import { Alert, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { returnChargeOf, type ClaimStatus, type LeaseReturn } from '@leasing/contract';

import { DayField } from '../../components/date-fields';
import { useNotify } from '../../components/use-notify';
import { isApiError } from '../../lib/api-client';
import { formatAmount, formatKm } from '../../lib/format';
import { todayIso } from '../admin/admin-actions';
import { useOrderClaims, useRecordReturn, useSetReturnAppointment } from './api';
import { returnDraftErrors, serverReturnErrors, type ReturnDraft, type ReturnErrors } from './return-errors';

/** A damage row as typed, with the number of the damage report it belongs to, if any. */
type Damage = ReturnDraft['damages'][number] & { claimNumber: string | null };

/** Why a claim's damage cannot be picked (the contract's rule, the server's too); null when it can. */
const REFUSAL = { CHARGEABLE: null, OPEN: 'claimOpen', SETTLED: 'claimSettled' } as const;
const refusalOf = (status: ClaimStatus) => REFUSAL[returnChargeOf(status)];

/**
 * The provider's part of a running lease: the return appointment and the return with its settlement.
 * For a lease already ended (`ended`) it shows the settlement just recorded, or where to find it.
 */
export function ReturnForm({ orderId, ended = false }: { orderId: number; ended?: boolean }) {
  const { t } = useTranslation('provider');
  const { t: to } = useTranslation('orders');
  const notify = useNotify();
  const record = useRecordReturn(orderId);
  const appoint = useSetReturnAppointment(orderId);
  const [returnedOn, setReturnedOn] = useState('');
  const [odometer, setOdometer] = useState<number | string>('');
  const [damages, setDamages] = useState<Damage[]>([]);
  const [date, setDate] = useState('');
  const [place, setPlace] = useState('');
  const [result, setResult] = useState<LeaseReturn | null>(null);
  const [errors, setErrors] = useState<ReturnErrors>({});
  const claims = useOrderClaims(orderId, !ended && !result);
  const orderClaims = claims.data ?? [];
  /** The select's choices for one damage row: every claim of the order, the not chargeable ones disabled. */
  const claimOptions = (index: number) =>
    orderClaims.map((claim) => {
      const refusal = refusalOf(claim.status);
      const taken = damages.some((d, i) => i !== index && d.claimNumber === claim.number);
      const label = t('leaseEnd.claimOption', {
        number: claim.number,
        kind: to(`claims.kind.${claim.kind}`),
        status: to(`claims.status.${claim.status}`),
      });
      const why = refusal ? t(`leaseEnd.${refusal}`) : taken ? t('leaseEnd.claimTaken') : null;
      return { value: claim.number, label: why ? `${label} (${why})` : label, disabled: why !== null };
    });
  const errorOf = (field: string) => {
    const key = errors[field];
    return key ? t(`leaseEnd.errors.${key}`) : undefined;
  };
  const onError = (error: unknown) =>
    notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
  const submit = () => {
    const own = returnDraftErrors({ returnedOn, odometer, damages }, todayIso());
    setErrors(own);
    if (Object.keys(own).length > 0) return;
    record.mutate(
      {
        returnedOn,
        odometerKm: Number(odometer),
        damages: damages.map((d) => ({
          description: d.description.trim(),
          costEur: Number(d.costEur),
          ...(d.claimNumber ? { claimNumber: d.claimNumber } : {}),
        })),
      },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (isApiError(error) && error.errors.length > 0) setErrors(serverReturnErrors(error.errors));
          onError(error);
        },
      },
    );
  };
  if (ended && !result) {
    return (
      <Alert color="ev" title={t('leaseEnd.recorded')}>
        {t('leaseEnd.endedHint')}
      </Alert>
    );
  }
  if (result) {
    const s = result.settlement;
    return (
      <Alert color="ev" title={t('leaseEnd.recorded')} data-testid="settlement">
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('leaseEnd.contractKm')}</Table.Td>
              <Table.Td>{formatKm(s.contractKm)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('leaseEnd.drivenKm')}</Table.Td>
              <Table.Td>{formatKm(s.drivenKm)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('leaseEnd.extraKm', { km: formatKm(s.chargedExtraKm) })}</Table.Td>
              <Table.Td>{formatAmount(s.extraKmEur)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('leaseEnd.fewerKm', { km: formatKm(s.refundedFewerKm) })}</Table.Td>
              <Table.Td>{formatAmount(-s.fewerKmEur)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('leaseEnd.damages')}</Table.Td>
              <Table.Td>{formatAmount(s.damagesEur)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('leaseEnd.total')}</Table.Th>
              <Table.Th data-testid="settlement-total">{formatAmount(s.totalEur)}</Table.Th>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('leaseEnd.appointment')}
        </Title>
        <Group align="flex-end">
          <DayField label={t('leaseEnd.date')} value={date} onChange={setDate} />
          <TextInput label={t('leaseEnd.place')} value={place} onChange={(e) => setPlace(e.currentTarget.value)} />
          <Button
            variant="light"
            disabled={!date || !place.trim()}
            loading={appoint.isPending}
            onClick={() =>
              appoint.mutate(
                { date, place },
                { onSuccess: () => notify.success(t('leaseEnd.appointmentSaved')), onError },
              )
            }
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs" data-testid="return-form">
        <Title order={3} size="h4">
          {t('leaseEnd.return')}
        </Title>
        <Group align="flex-end">
          <DayField
            label={t('leaseEnd.returnedOn')}
            value={returnedOn}
            onChange={setReturnedOn}
            error={errorOf('returnedOn')}
            max={todayIso()}
            required
          />
          <NumberInput
            label={t('leaseEnd.odometer')}
            value={odometer}
            onChange={setOdometer}
            min={0}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            error={errorOf('odometerKm')}
            required
          />
        </Group>
        {damages.map((damage, index) => (
          <Group key={index} align="flex-end">
            <TextInput
              label={t('leaseEnd.damageDescription')}
              value={damage.description}
              onChange={(e) => {
                const description = e.currentTarget.value;
                setDamages((all) => all.map((d, i) => (i === index ? { ...d, description } : d)));
              }}
              error={errorOf(`damages.${String(index)}.description`)}
            />
            <NumberInput
              label={t('leaseEnd.damageCost')}
              value={damage.costEur}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              onChange={(costEur) => setDamages((all) => all.map((d, i) => (i === index ? { ...d, costEur } : d)))}
              error={errorOf(`damages.${String(index)}.costEur`)}
            />
            {orderClaims.length > 0 ? (
              <Select
                label={t('leaseEnd.damageClaim')}
                placeholder={t('leaseEnd.damageClaimNone')}
                description={t('leaseEnd.damageClaimHint')}
                data={claimOptions(index)}
                value={damage.claimNumber}
                onChange={(claimNumber) =>
                  setDamages((all) => all.map((d, i) => (i === index ? { ...d, claimNumber } : d)))
                }
                error={errorOf(`damages.${String(index)}.claimNumber`)}
                clearable
                miw={260}
              />
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            onClick={() => setDamages((all) => [...all, { description: '', costEur: '', claimNumber: null }])}
          >
            {t('leaseEnd.addDamage')}
          </Button>
          <Button onClick={submit} loading={record.isPending}>
            {t('leaseEnd.recordReturn')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('leaseEnd.returnHint')}
        </Text>
      </Stack>
    </Stack>
  );
}
