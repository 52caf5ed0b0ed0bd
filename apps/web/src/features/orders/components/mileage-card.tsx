import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, type Mileage } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatKm, formatPrice } from '../../../lib/format';
import { useDownloadOdometerPhoto, useMileage, useReportOdometer } from '../api/mileage';

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const PHOTO_MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * On a running lease: the odometer readings the employee reported, where the contract's kilometres
 * are heading at that pace and what the return would settle (ADR 0054), and the form for a new reading.
 * `packageChangeId` names the kilometre package card's heading, which the warning points to.
 */
export function MileageCard({ orderId, packageChangeId }: { orderId: number; packageChangeId?: string }) {
  const { t } = useTranslation('orders');
  const mileage = useMileage(orderId, true);
  if (!mileage.data) return null;
  return (
    <Card withBorder padding="md" data-testid="mileage-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('mileage.title')}
        </Title>
        <Forecast mileage={mileage.data} packageChangeId={packageChangeId} />
        {mileage.data.readings.length > 0 ? <Readings orderId={orderId} mileage={mileage.data} /> : null}
        <ReadingForm orderId={orderId} />
      </Stack>
    </Card>
  );
}

/** Moves to the kilometre package card and its heading (the address stays as it is). */
function PackageChangeLink({ target }: { target: string }) {
  const { t } = useTranslation('orders');
  return (
    <Anchor
      href={`#${target}`}
      size="sm"
      display="inline-block"
      mt={4}
      onClick={(event) => {
        const heading = document.getElementById(target);
        if (!heading) return;
        event.preventDefault();
        heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
        heading.focus({ preventScroll: true });
      }}
    >
      {t('packageChange.toCard')}
    </Anchor>
  );
}

function Forecast({ mileage, packageChangeId }: { mileage: Mileage; packageChangeId: string | undefined }) {
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
          {packageChangeId ? (
            <>
              <br />
              <PackageChangeLink target={packageChangeId} />
            </>
          ) : null}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('mileage.withinTolerance')}
        </Text>
      )}
    </Stack>
  );
}

/** The readings, newest first; one that came with a photo offers it for download (with the bearer token). */
function Readings({ orderId, mileage }: { orderId: number; mileage: Mileage }) {
  const { t } = useTranslation('orders');
  const download = useDownloadOdometerPhoto(orderId);
  const withPhotos = mileage.readings.some((r) => r.hasPhoto);
  return (
    <Stack gap="xs">
      <Table withTableBorder={false} verticalSpacing={4} data-testid="mileage-readings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mileage.readOn')}</Table.Th>
            <Table.Th ta="right">{t('mileage.reading')}</Table.Th>
            {withPhotos ? (
              <Table.Th>
                <VisuallyHidden>{t('mileage.photoColumn')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...mileage.readings].reverse().map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{formatDate(r.readOn)}</Table.Td>
              <Table.Td ta="right">{formatKm(r.readingKm)}</Table.Td>
              {withPhotos ? (
                <Table.Td ta="right">
                  {r.hasPhoto ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      aria-label={t('mileage.photoOpenLabel', { date: formatDate(r.readOn) })}
                      loading={download.isPending && download.variables.id === r.id}
                      onClick={() => download.mutate({ id: r.id, readOn: r.readOn })}
                    >
                      {t('mileage.photoOpen')}
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {download.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('mileage.photoFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Why the chosen photo cannot be sent (too large, not an image), or null: the server's own rules. */
function usePhotoProblem(photo: File | null): string | null {
  const { t } = useTranslation('orders');
  if (!photo) return null;
  if (photo.size > PHOTO_MAX_BYTES) return t('mileage.photoTooLarge', { mb: PHOTO_MAX_MB });
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(photo.type)) return t('mileage.photoType');
  return null;
}

/** A refusal of the photo itself (413, 415, or a 400 naming the photo's field). */
const PHOTO_FIELDS = ['file', 'photo'];
const isPhotoRefusal = (error: unknown) =>
  isApiError(error) &&
  (error.code === 'PAYLOAD_TOO_LARGE' ||
    error.code === 'UNSUPPORTED_MEDIA_TYPE' ||
    error.errors.some((e) => PHOTO_FIELDS.includes(e.field)));

function ReadingForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const report = useReportOdometer(orderId);
  const [km, setKm] = useState('');
  const [readOn, setReadOn] = useState(() => BERLIN_DAY.format(new Date()));
  const [photo, setPhoto] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const photoProblem = usePhotoProblem(photo);
  const serverErrors = isApiError(report.error) ? report.error.errors : [];
  const fieldError = (field: string) =>
    serverErrors.some((e) => e.field === field) && isApiError(report.error) ? report.error.message : undefined;
  const photoRefused = isPhotoRefusal(report.error);
  const photoServerError = photoRefused && isApiError(report.error) ? report.error.message : undefined;
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
        if (photoProblem) return;
        report.mutate(
          { reading: { readingKm, readOn }, photo },
          {
            onSuccess: () => {
              setKm('');
              setPhoto(null);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
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
          <DayField
            label={t('mileage.readOn')}
            value={readOn}
            onChange={setReadOn}
            error={fieldError('readOn')}
            w={180}
          />
        </Group>
        <FileInput
          label={t('mileage.photo')}
          description={t('mileage.photoHint', { mb: PHOTO_MAX_MB })}
          placeholder={t('mileage.photoPlaceholder')}
          accept={PHOTO_CONTENT_TYPES.join(',')}
          clearable
          value={photo}
          onChange={(file) => {
            setPhoto(file);
            report.reset();
          }}
          error={photoProblem ?? photoServerError}
          maw={376}
        />
        <Group>
          <Button type="submit" loading={report.isPending} disabled={photoProblem !== null}>
            {t('mileage.report')}
          </Button>
        </Group>
      </Stack>
      {report.isError && serverErrors.length === 0 && !photoRefused ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {t('mileage.failed')}
        </Text>
      ) : null}
    </form>
  );
}
