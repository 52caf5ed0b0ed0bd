import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Mileage } from '@leasing/contract';

import { isApiError } from '../../../lib/api-client';
import { formatDate, formatKm, formatPrice } from '../../../lib/format';
import { useMileage, useReportOdometer } from '../api/mileage';

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

/**
 * On a running lease: the odometer readings the employee reported, where the contract's kilometres
 * are heading at that pace and what the return would settle (ADR 0054), and the form for a new reading.
 */
export function MileageCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const mileage = useMileage(orderId, true);
  if (!mileage.data) return null;
  return (
    <Card withBorder padding="md" data-testid="mileage-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('mileage.title')}
        </Title>
        <Forecast mileage={mileage.data} />
        {mileage.data.readings.length > 0 ? <Readings mileage={mileage.data} /> : null}
        <ReadingForm orderId={orderId} />
      </Stack>
    </Card>
  );
}

function Forecast({ mileage }: { mileage: Mileage }) {
  const { t } = useTranslation('orders');
  if (mileage.forecastEndKm === null || mileage.kmPerYearSoFar === null)
    return <Text size="sm">{t('mileage.noForecast', { km: formatKm(mileage.contractKm) })}</Text>;
  const settlement = mileage.projectedSettlement;
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="mileage-forecast">
        {t('mileage.forecast', {
          pace: formatKm(mileage.kmPerYearSoFar),
          date: formatDate(mileage.endsOn),
          km: formatKm(mileage.forecastEndKm),
          contract: formatKm(mileage.contractKm),
        })}
      </Text>
      {mileage.overTolerance && settlement ? (
        <Alert color="yellow" variant="light" role="status" data-testid="mileage-warning">
          {t('mileage.overTolerance', {
            km: formatKm(settlement.chargedExtraKm),
            amount: formatPrice(settlement.extraKmEur),
          })}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('mileage.withinTolerance')}
        </Text>
      )}
    </Stack>
  );
}

function Readings({ mileage }: { mileage: Mileage }) {
  const { t } = useTranslation('orders');
  return (
    <Table withTableBorder={false} verticalSpacing={4} data-testid="mileage-readings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('mileage.readOn')}</Table.Th>
          <Table.Th ta="right">{t('mileage.reading')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...mileage.readings].reverse().map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{formatDate(r.readOn)}</Table.Td>
            <Table.Td ta="right">{formatKm(r.readingKm)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ReadingForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const report = useReportOdometer(orderId);
  const [km, setKm] = useState('');
  const [readOn, setReadOn] = useState(() => BERLIN_DAY.format(new Date()));
  const [localError, setLocalError] = useState<string | null>(null);
  const serverErrors = isApiError(report.error) ? report.error.errors : [];
  const fieldError = (field: string) =>
    serverErrors.some((e) => e.field === field) && isApiError(report.error) ? report.error.message : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const readingKm = Number(km.replace(/\./g, '').trim());
        if (km.trim() === '' || !Number.isInteger(readingKm) || readingKm < 0) {
          setLocalError(t('mileage.kmInvalid'));
          return;
        }
        setLocalError(null);
        report.mutate({ readingKm, readOn }, { onSuccess: () => setKm('') });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('mileage.reading')}
          inputMode="numeric"
          value={km}
          onChange={(event) => setKm(event.currentTarget.value)}
          error={localError ?? fieldError('readingKm')}
          rightSection={<Text size="xs">km</Text>}
          w={180}
        />
        <TextInput
          type="date"
          label={t('mileage.readOn')}
          value={readOn}
          onChange={(event) => setReadOn(event.currentTarget.value)}
          error={fieldError('readOn')}
          w={180}
        />
        <Button type="submit" loading={report.isPending}>
          {t('mileage.report')}
        </Button>
      </Group>
      {report.isError && serverErrors.length === 0 ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {t('mileage.failed')}
        </Text>
      ) : null}
    </form>
  );
}
