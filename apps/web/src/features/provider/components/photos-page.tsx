import { Badge, Button, Card, Group, Image, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProviderVehicle, VehiclePhoto } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { usePhotoChanges } from '../api/change-photos';
import { usePhotos } from '../api/get-photos';
import { useVehicles } from '../api/get-vehicles';
import { usePhotoUploads } from '../api/upload-photos';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';
import { PhotoDropzone, PhotoUploadList } from './photo-uploads';

const move = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** A vehicle without an uploaded photo: search and vehicle page show its drawn view instead. */
const showsPlaceholder = (vehicle: ProviderVehicle) => vehicle.photos === 0;

function PlaceholderBadge() {
  const { t } = useTranslation('provider');
  return (
    <Badge size="sm" variant="light" color="yellow">
      {t('photos.placeholder')}
    </Badge>
  );
}

/** How many cars still show the drawn view, and the filter that lists only those. */
function PlaceholderSummary({
  count,
  only,
  onOnly,
}: {
  count: number;
  only: boolean;
  onOnly: (only: boolean) => void;
}) {
  const { t } = useTranslation('provider');
  return (
    <Group gap="md" data-testid="placeholder-summary">
      {count > 0 ? (
        <>
          <Group gap={6}>
            <PlaceholderBadge />
            <Text size="sm" data-testid="placeholder-count">
              {t('photos.placeholderCount', { count, formatted: formatInteger(count) })}
            </Text>
          </Group>
          <Switch
            label={t('photos.onlyPlaceholders')}
            checked={only}
            onChange={(event) => onOnly(event.currentTarget.checked)}
          />
        </>
      ) : (
        <Text size="sm" data-testid="placeholder-count">
          {t('photos.noPlaceholders')}
        </Text>
      )}
    </Group>
  );
}

/** The chosen vehicle has no photo yet: what it shows meanwhile, marked as the placeholder. */
function PlaceholderNote({ vehicle }: { vehicle: ProviderVehicle | undefined }) {
  const { t } = useTranslation('provider');
  return (
    <Card withBorder padding="sm" maw={520} data-testid="placeholder-note">
      <Group gap="md" wrap="nowrap" align="center">
        {vehicle?.mainPhotoUrl ? (
          <Image src={vehicle.mainPhotoUrl} alt={t('photos.placeholderAlt')} w={120} h={72} fit="contain" />
        ) : null}
        <Stack gap={4}>
          <div>
            <PlaceholderBadge />
          </div>
          <Text size="sm">{t('photos.empty')}</Text>
        </Stack>
      </Group>
    </Card>
  );
}

function PhotoCard({
  photo,
  index,
  count,
  busy,
  onMove,
  onDelete,
}: {
  photo: VehiclePhoto;
  index: number;
  count: number;
  busy: boolean;
  onMove: (to: number) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('provider');
  return (
    <Card withBorder padding="sm" data-testid="vehicle-photo">
      <Card.Section>
        <picture>
          <source type="image/avif" srcSet={photo.srcSetAvif} sizes="(max-width: 48em) 100vw, 320px" />
          <source type="image/webp" srcSet={photo.srcSetWebp} sizes="(max-width: 48em) 100vw, 320px" />
          <Image src={photo.url} alt={t('photos.alt', { position: index + 1 })} h={180} fit="cover" />
        </picture>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('photos.size', { width: photo.width, height: photo.height })}
          </Text>
          {photo.main ? (
            <Badge size="sm" variant="light" color="ev">
              {t('photos.main')}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4}>
          {photo.main ? null : (
            <Button size="compact-xs" variant="light" disabled={busy} onClick={() => onMove(0)}>
              {t('photos.makeMain')}
            </Button>
          )}
          <Button size="compact-xs" variant="default" disabled={busy || index === 0} onClick={() => onMove(index - 1)}>
            {t('photos.earlier')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={busy || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            {t('photos.later')}
          </Button>
          <ConfirmButton
            size="compact-xs"
            color="red"
            variant="subtle"
            disabled={busy}
            question={t('photos.deleteConfirm')}
            onConfirm={onDelete}
          >
            {t('photos.delete')}
          </ConfirmButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** /provider/photos: a vehicle's photos; upload several at once, order (the first is the main photo), delete. */
export function PhotosPage() {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const vehicles = useVehicles();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [onlyPlaceholders, setOnlyPlaceholders] = useState(false);
  const photos = usePhotos(vehicleId);
  const changes = usePhotoChanges();
  const describe = (error: unknown) =>
    isApiError(error) && error.status < 500 ? error.message : t('common.retryLater');
  const uploads = usePhotoUploads(describe);
  usePageTitle(t('photos.title'));

  const failure = (error: unknown) => notify.error(describe(error));

  if (vehicles.isError) return <LoadError onRetry={() => void vehicles.refetch()} />;
  if (vehicles.isPending) return <PageSkeleton />;

  const placeholderIds = new Set(vehicles.data.filter(showsPlaceholder).map((v) => v.id));
  // The chosen vehicle stays in the list when the filter is switched on, so the field keeps its value.
  const listed = onlyPlaceholders
    ? vehicles.data.filter((v) => placeholderIds.has(v.id) || v.id === vehicleId)
    : vehicles.data;
  const options = listed.map((v) => ({
    value: v.id,
    label: `${[v.brand, v.model, v.trimLevel].filter(Boolean).join(' ')} (${t('photos.count', { count: v.photos })})`,
  }));
  const vehicle = vehicles.data.find((v) => v.id === vehicleId);
  const list = photos.data ?? [];
  const ids = list.map((p) => p.id);
  // A new photo arriving while the order is changed would make the order incomplete: one at a time.
  const uploading = vehicleId !== null && uploads.busy(vehicleId);
  const busy = changes.reorder.isPending || changes.remove.isPending || uploading;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('photos.title')}</Title>
        <Text c="dimmed">{t('photos.intro')}</Text>
      </Stack>
      <PlaceholderSummary count={placeholderIds.size} only={onlyPlaceholders} onOnly={setOnlyPlaceholders} />
      <Select
        label={t('photos.vehicle')}
        placeholder={t('photos.chooseVehicle')}
        data={options}
        value={vehicleId}
        onChange={setVehicleId}
        renderOption={({ option }) => (
          <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
            <span>{option.label}</span>
            {placeholderIds.has(option.value) ? <PlaceholderBadge /> : null}
          </Group>
        )}
        searchable
        maw={520}
      />
      {vehicleId ? (
        <>
          {photos.data && list.length === 0 ? <PlaceholderNote vehicle={vehicle} /> : null}
          <Stack gap="xs" maw={720}>
            <Title order={2} size="h4">
              {t('photos.addTitle')}
            </Title>
            <PhotoDropzone
              onFiles={(files) => uploads.add(vehicleId, files)}
              onRefused={(refused) => uploads.refuse(vehicleId, refused)}
            />
            <PhotoUploadList
              uploads={uploads.uploads.filter((upload) => upload.vehicleId === vehicleId)}
              onClear={() => uploads.clearFinished(vehicleId)}
            />
          </Stack>
          {photos.isError ? <LoadError onRetry={() => void photos.refetch()} /> : null}
          {photos.isPending ? <PageLoader /> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.map((photo, index) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                index={index}
                count={list.length}
                busy={busy}
                onMove={(to) =>
                  changes.reorder.mutate({ vehicleId, photoIds: move(ids, index, to) }, { onError: failure })
                }
                onDelete={() => changes.remove.mutate({ vehicleId, photoId: photo.id }, { onError: failure })}
              />
            ))}
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
