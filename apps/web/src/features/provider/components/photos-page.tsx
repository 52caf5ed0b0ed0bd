import { Badge, Button, Card, FileInput, Group, Image, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, type VehiclePhoto } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { usePhotoChanges } from '../api/change-photos';
import { usePhotos } from '../api/get-photos';
import { useVehicles } from '../api/get-vehicles';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';

const move = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

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

/** /provider/photos: a vehicle's photos; upload, order (the first is the main photo), delete. */
export function PhotosPage() {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const vehicles = useVehicles();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const photos = usePhotos(vehicleId);
  const changes = usePhotoChanges();
  const [file, setFile] = useState<File | null>(null);
  usePageTitle(t('photos.title'));

  const failure = (error: unknown) =>
    notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
  const busy = changes.upload.isPending || changes.reorder.isPending || changes.remove.isPending;

  if (vehicles.isError) return <LoadError onRetry={() => void vehicles.refetch()} />;
  if (vehicles.isPending) return <PageSkeleton />;

  const options = vehicles.data.map((v) => ({
    value: v.id,
    label: `${[v.brand, v.model, v.trimLevel].filter(Boolean).join(' ')} (${t('photos.count', { count: v.photos })})`,
  }));
  const list = photos.data ?? [];
  const ids = list.map((p) => p.id);

  const onUpload = () => {
    if (!file || !vehicleId) return;
    if (file.size > PHOTO_MAX_BYTES) {
      notify.error(t('photos.tooLarge'));
      return;
    }
    changes.upload.mutate(
      { vehicleId, file },
      {
        onSuccess: () => {
          notify.success(t('photos.uploaded'));
          setFile(null);
        },
        onError: failure,
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('photos.title')}</Title>
        <Text c="dimmed">{t('photos.intro')}</Text>
      </Stack>
      <Select
        label={t('photos.vehicle')}
        placeholder={t('photos.chooseVehicle')}
        data={options}
        value={vehicleId}
        onChange={setVehicleId}
        searchable
        maw={520}
      />
      {vehicleId ? (
        <>
          <Group align="flex-end">
            <FileInput
              label={t('photos.file')}
              description={t('photos.fileHint')}
              placeholder={t('photos.choose')}
              accept={PHOTO_CONTENT_TYPES.join(',')}
              value={file}
              onChange={setFile}
              clearable
              w={360}
            />
            <Button onClick={onUpload} disabled={!file} loading={changes.upload.isPending}>
              {t('photos.upload')}
            </Button>
          </Group>
          {photos.isError ? <LoadError onRetry={() => void photos.refetch()} /> : null}
          {photos.isPending ? <PageLoader /> : null}
          {photos.data && list.length === 0 ? <Text>{t('photos.empty')}</Text> : null}
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
