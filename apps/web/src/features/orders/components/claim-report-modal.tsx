import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import {
  CLAIM_EXCESS_MAX_EUR,
  CLAIM_KINDS,
  CLAIM_PHOTOS_MAX,
  CLAIM_PHOTOS_TOTAL_MAX_BYTES,
  ClaimReportRequestSchema,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  type ClaimReportRequest,
} from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useControlledField } from '../../billing/form-field';
import { useReportClaim } from '../api/claims';

type ReportInput = z.input<typeof ClaimReportRequestSchema>;

const EMPTY: ReportInput = {
  kind: 'DAMAGE',
  occurredAt: '',
  place: '',
  description: '',
  thirdPartyInvolved: false,
  policeReportNumber: null,
  drivable: true,
};

const FIELDS: readonly Path<ReportInput>[] = [
  'kind',
  'occurredAt',
  'place',
  'description',
  'thirdPartyInvolved',
  'policeReportNumber',
  'drivable',
];
const isField = (field: string): field is Path<ReportInput> => FIELDS.some((known) => known === field);

/** Messages only the report gives; the rest are the contract's shared keys. */
const OWN_MESSAGES = ['future', 'beforeHandover', 'policeRequired'] as const;
type OwnMessage = (typeof OWN_MESSAGES)[number];
const isOwn = (message: string): message is OwnMessage => (OWN_MESSAGES as readonly string[]).includes(message);

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

/** A day `YYYY-MM-DD` and a time `HH:MM` on this device's clock as an ISO time, or '' while incomplete. */
export function occurredAtOf(day: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const at = new Date(`${day}T${time}`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** Why the chosen photos cannot be sent (too many, too large, not an image), or null. */
function usePhotoProblem(photos: readonly File[]): string | null {
  const { t } = useTranslation('orders');
  if (photos.length > CLAIM_PHOTOS_MAX) return t('claims.errors.tooManyPhotos', { max: CLAIM_PHOTOS_MAX });
  const large = photos.find((photo) => photo.size > PHOTO_MAX_BYTES);
  if (large) return t('claims.errors.photoTooLarge', { name: large.name });
  if (photos.reduce((sum, photo) => sum + photo.size, 0) > CLAIM_PHOTOS_TOTAL_MAX_BYTES)
    return t('claims.errors.photosTooLarge');
  const other = photos.find((photo) => !(PHOTO_CONTENT_TYPES as readonly string[]).includes(photo.type));
  if (other) return t('claims.errors.photoType', { name: other.name });
  return null;
}

/** The date and time of the occurrence, written into the form as one ISO time. */
function OccurredAtInput({
  onChange,
  onBlur,
  error,
}: {
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('orders');
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  return (
    <SimpleGrid cols={2}>
      <DayField
        label={t('claims.form.date')}
        value={day}
        max={BERLIN_DAY.format(new Date())}
        onChange={(next) => {
          setDay(next);
          onChange(occurredAtOf(next, time));
        }}
        error={error}
        required
      />
      <TextInput
        type="time"
        label={t('claims.form.time')}
        value={time}
        onChange={(event) => {
          setTime(event.currentTarget.value);
          onChange(occurredAtOf(day, event.currentTarget.value));
        }}
        onBlur={onBlur}
        error={error ? true : undefined}
        required
      />
    </SimpleGrid>
  );
}

function ReportForm({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const report = useReportClaim(orderId);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoServerError, setPhotoServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const photoProblem = usePhotoProblem(photos);
  const form = useForm<ReportInput, unknown, ClaimReportRequest>({
    resolver: zodResolver(ClaimReportRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  // Controlled through the form's own subscription (no Controller: see billing/form-field.ts).
  const kind = useControlledField(form, 'kind');
  const occurredAt = useControlledField(form, 'occurredAt');
  const thirdParty = useControlledField(form, 'thirdPartyInvolved');
  const drivable = useControlledField(form, 'drivable');
  const theft = kind.value === 'THEFT';
  const message = (text: string | undefined) =>
    text && isOwn(text) ? t(`claims.errors.${text}`) : translateValidationMessage(tc, text);

  const onSubmit = async (values: ClaimReportRequest): Promise<void> => {
    setFailure(null);
    if (photoProblem) return;
    try {
      const claim = await report.mutateAsync({ report: values, photos });
      notify.success(t('claims.form.sent', { number: claim.number }));
      onClose();
    } catch (error) {
      if (!isApiError(error) || error.status >= 500 || error.status === 0) {
        setFailure(t('claims.form.failed'));
        return;
      }
      if (error.status === 413 || error.status === 415) {
        setPhotoServerError(error.message);
        return;
      }
      let shown = false;
      for (const { field, message: text } of error.status === 400 ? error.errors : []) {
        if (field === 'photos') {
          setPhotoServerError(error.message);
          shown = true;
        } else if (isField(field)) {
          setError(field, { type: 'server', message: text }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFailure(error.message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        void handleSubmit(onSubmit)(event);
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('claims.form.intro')}</Text>
        <Alert variant="light" color="blue" role="note" data-testid="claim-excess-hint">
          {t('claims.form.excessHint', { max: formatPrice(CLAIM_EXCESS_MAX_EUR) })}
        </Alert>
        <Select
          label={t('claims.form.kind')}
          data={CLAIM_KINDS.map((value) => ({ value, label: t(`claims.kind.${value}`) }))}
          value={kind.value}
          onChange={(value) => kind.onChange((value as ReportInput['kind'] | null) ?? 'DAMAGE')}
          onBlur={kind.onBlur}
          error={message(kind.error)}
          allowDeselect={false}
          required
          data-autofocus
        />
        {theft ? (
          <Alert variant="light" color="yellow" role="status">
            {t('claims.form.theftHint')}
          </Alert>
        ) : null}
        <OccurredAtInput onChange={occurredAt.onChange} onBlur={occurredAt.onBlur} error={message(occurredAt.error)} />
        <TextInput
          label={t('claims.form.place')}
          description={t('claims.form.placeHint')}
          required
          error={message(errors.place?.message)}
          {...register('place')}
        />
        <Textarea
          label={t('claims.form.description')}
          description={t('claims.form.descriptionHint')}
          required
          rows={4}
          error={message(errors.description?.message)}
          {...register('description')}
        />
        <TextInput
          label={t('claims.form.police')}
          description={t('claims.form.policeHint')}
          required={theft}
          error={message(errors.policeReportNumber?.message)}
          {...register('policeReportNumber', {
            setValueAs: (value: string | null) => (value === null || value.trim() === '' ? null : value),
          })}
        />
        <Group gap="xl">
          <Checkbox
            label={t('claims.form.thirdParty')}
            checked={thirdParty.value}
            onChange={(event) => thirdParty.onChange(event.currentTarget.checked)}
          />
          <Switch
            label={t('claims.form.drivable')}
            checked={drivable.value}
            onChange={(event) => drivable.onChange(event.currentTarget.checked)}
          />
        </Group>
        <FileInput
          label={t('claims.form.photos')}
          description={t('claims.form.photosHint', { max: CLAIM_PHOTOS_MAX })}
          placeholder={t('claims.form.photosPlaceholder')}
          accept={PHOTO_CONTENT_TYPES.join(',')}
          multiple
          value={photos}
          onChange={(files) => {
            setPhotos(files);
            setPhotoServerError(null);
          }}
          error={photoProblem ?? photoServerError ?? undefined}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('claims.form.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={photoProblem !== null}>
            {t('claims.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Schaden melden": the report with up to ten photos, sent as one multipart request. */
export function ClaimReportModal({
  orderId,
  opened,
  onClose,
}: {
  orderId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={t('claims.form.title')} centered size="lg">
      {/* Mounted only while open, so each report starts empty. */}
      {opened ? <ReportForm orderId={orderId} onClose={onClose} /> : null}
    </Modal>
  );
}
