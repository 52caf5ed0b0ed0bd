import { Badge, Button, Card, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { PriceListPreview as Preview } from '@leasing/contract';

import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDownloadPriceList, useDownloadVersionFile } from '../api/download-price-list';
import { usePriceListVersions } from '../api/get-price-list-versions';
import { usePublishPriceList } from '../api/publish-price-list';
import { useRollbackPriceList } from '../api/rollback-price-list';
import { useUploadPriceList } from '../api/upload-price-list';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';
import { PriceListPreview } from './price-list-preview';

function Versions() {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const versions = usePriceListVersions();
  const download = useDownloadVersionFile();
  const rollback = useRollbackPriceList();
  if (versions.isError) return <LoadError onRetry={() => void versions.refetch()} />;
  if (versions.isPending) return <PageSkeleton />;
  if (versions.data.length === 0) return <Text>{t('versions.empty')}</Text>;
  const undo = (id: number) => {
    rollback.mutate(id, {
      onSuccess: (version) => notify.success(t('versions.rolledBack', { id: version.id })),
      onError: (error) =>
        notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater')),
    });
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Caption>{t('versions.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('versions.id')}</Table.Th>
            <Table.Th>{t('versions.published')}</Table.Th>
            <Table.Th>{t('versions.file')}</Table.Th>
            <Table.Th>{t('versions.changes')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.data.map((version) => (
            <Table.Tr key={version.id} data-testid="price-list-version">
              <Table.Th scope="row">
                <Group gap={6}>
                  {version.id}
                  {version.current ? (
                    <Badge size="xs" variant="light" color="ev">
                      {t('versions.current')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Th>
              <Table.Td>
                <Text size="sm">{formatDateTime(version.publishedAt)}</Text>
                <Text size="xs" c="dimmed">
                  {version.publishedBy ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {version.kind === 'ROLLBACK'
                    ? t('versions.rollbackOf', { id: version.rolledBackVersionId ?? 0 })
                    : version.fileName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('versions.counts', {
                    added: version.added,
                    changed: version.changed,
                    withdrawn: version.withdrawn,
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => download.mutate(version.id)}>
                    {t('versions.download')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="outline"
                    loading={rollback.isPending}
                    onClick={() => undo(version.id)}
                  >
                    {t('versions.rollback')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /provider/price-list: export, upload an edited file, preview, publish; the published versions. */
export function PriceListPage() {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const exportList = useDownloadPriceList();
  const upload = useUploadPriceList();
  const publish = usePublishPriceList();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  usePageTitle(t('priceList.title'));

  const failure = (error: unknown) =>
    notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));

  const onUpload = () => {
    if (!file) return;
    upload.mutate(file, { onSuccess: setPreview, onError: failure });
  };
  const onPublish = () => {
    if (!preview) return;
    publish.mutate(preview.importId, {
      onSuccess: (version) => {
        notify.success(t('priceList.published', { id: version.id }));
        setPreview(null);
        setFile(null);
      },
      onError: failure,
    });
  };

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('priceList.title')}</Title>
        <Text c="dimmed">{t('priceList.intro')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('priceList.exportTitle')}
          </Title>
          <Text size="sm">{t('priceList.exportHint')}</Text>
          <Group>
            <Button
              variant="default"
              loading={exportList.isPending}
              onClick={() => exportList.mutate(new Date().toISOString().slice(0, 10), { onError: failure })}
            >
              {t('priceList.export')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('priceList.uploadTitle')}
          </Title>
          <Text size="sm">{t('priceList.uploadHint')}</Text>
          <Group align="flex-end">
            <FileInput
              label={t('priceList.file')}
              placeholder={t('priceList.choose')}
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => {
                setFile(next);
                setPreview(null);
              }}
              clearable
              w={360}
            />
            <Button onClick={onUpload} disabled={!file} loading={upload.isPending}>
              {t('priceList.preview')}
            </Button>
          </Group>
          {preview ? (
            <Stack gap="md">
              <PriceListPreview preview={preview} />
              <Group>
                <ConfirmButton
                  disabled={!preview.publishable}
                  loading={publish.isPending}
                  question={t('priceList.publishConfirm')}
                  onConfirm={onPublish}
                >
                  {t('priceList.publish')}
                </ConfirmButton>
                {preview.publishable ? (
                  <Text size="sm" c="dimmed">
                    {t('priceList.publishHint')}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('versions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('versions.intro')}
        </Text>
        <Versions />
      </Stack>
    </Stack>
  );
}
