import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
// Only this page loads the drop zone, so its styles travel with this page's chunk, not the first view.
import '@mantine/dropzone/styles.css';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES } from '@leasing/contract';

import { formatBytes } from '../../../lib/download-with-progress';
import type { PhotoUpload } from '../api/upload-photos';
import { UploadProgressView } from '../../../components/transfer-progress';

/**
 * The drop zone: several photos at once, dropped, or chosen with the file picker (a click on the
 * zone, or the button below it, which the keyboard reaches). What the browser can tell before sending
 * is refused here with the API's own words (wrong type, too large); everything else the API decides.
 */
export function PhotoDropzone({
  onFiles,
  onRefused,
}: {
  onFiles: (files: File[]) => void;
  onRefused: (refused: { file: File; reason: string }[]) => void;
}) {
  const { t } = useTranslation('provider');
  const hintId = useId();
  const openPicker = useRef<() => void>(null);
  const reasonOf = (rejection: FileRejection) =>
    rejection.errors.some((error) => error.code === 'file-too-large') ? t('photos.tooLarge') : t('photos.wrongType');
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={onFiles}
        onReject={(rejections) => onRefused(rejections.map((r) => ({ file: r.file, reason: reasonOf(r) })))}
        accept={[...PHOTO_CONTENT_TYPES]}
        maxSize={PHOTO_MAX_BYTES}
        multiple
        openRef={openPicker}
        // The button below is the keyboard's way in; a focusable zone would be a second one, and as a
        // button it would nest the file field inside (axe: nested-interactive).
        activateOnKeyboard={false}
        role="group"
        aria-label={t('photos.dropArea')}
        aria-describedby={hintId}
        // The picker's own field, named apart from the button that opens it.
        inputProps={{ 'aria-label': t('photos.fileField') }}
        data-testid="photo-dropzone"
      >
        <Stack gap={4} align="center" py="lg" mih={96} justify="center">
          <Dropzone.Idle>
            <Text fw={600}>{t('photos.drop')}</Text>
          </Dropzone.Idle>
          <Dropzone.Accept>
            <Text fw={600}>{t('photos.dropAccept')}</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={600}>{t('photos.dropReject')}</Text>
          </Dropzone.Reject>
          <Text size="sm" c="dimmed" ta="center" id={hintId}>
            {t('photos.dropHint')}
          </Text>
        </Stack>
      </Dropzone>
      <Group>
        <Button variant="default" onClick={() => openPicker.current?.()} aria-describedby={hintId}>
          {t('photos.dropLabel')}
        </Button>
      </Group>
    </Stack>
  );
}

function UploadStatus({ upload }: { upload: PhotoUpload }) {
  const { t } = useTranslation('provider');
  const { status } = upload;
  switch (status.kind) {
    case 'waiting':
      return (
        <Text size="sm" c="dimmed">
          {t('photos.waiting')}
        </Text>
      );
    case 'sending':
      return (
        <UploadProgressView
          progress={status.progress}
          label={t('photos.progressLabel', { name: upload.fileName })}
          sending={(figures) => t('photos.sending', figures)}
          checking={t('photos.checking')}
        />
      );
    case 'done':
      return (
        <Badge variant="light" color="ev">
          {t('photos.done')}
        </Badge>
      );
    case 'refused':
      return (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Badge variant="light" color="red" style={{ flexShrink: 0 }}>
            {t('photos.refused')}
          </Badge>
          <Text size="sm" c="var(--mantine-color-error)">
            {status.reason}
          </Text>
        </Group>
      );
  }
}

/** The files of a batch, each with where it stands; the tally is announced once the batch is through. */
export function PhotoUploadList({ uploads, onClear }: { uploads: PhotoUpload[]; onClear: () => void }) {
  const { t } = useTranslation('provider');
  const titleId = useId();
  if (uploads.length === 0) return null;
  const open = uploads.some((u) => u.status.kind === 'waiting' || u.status.kind === 'sending');
  const done = uploads.filter((u) => u.status.kind === 'done').length;
  const refused = uploads.filter((u) => u.status.kind === 'refused').length;
  return (
    <Paper withBorder p="sm" data-testid="photo-uploads">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {t('photos.uploads')}
          </Title>
          <Button size="compact-xs" variant="subtle" disabled={open} onClick={onClear}>
            {t('photos.clear')}
          </Button>
        </Group>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
          {uploads.map((upload) => (
            <li key={upload.id} data-testid="photo-upload" data-status={upload.status.kind}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {upload.fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(upload.size)}
                  </Text>
                </Stack>
                <UploadStatus upload={upload} />
              </Group>
            </li>
          ))}
        </Stack>
        <Text size="sm" role="status" data-testid="photo-upload-summary">
          {open ? '' : t('photos.summary', { done, refused })}
        </Text>
      </Stack>
    </Paper>
  );
}
