import { Badge, Button, Card, FileInput, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { PriceListVersion, PriceListPreview as Preview } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useDownloadPriceList, useDownloadVersionFile } from '../api/download-price-list';
import { usePriceListVersions } from '../api/get-price-list-versions';
import { usePublishPriceList } from '../api/publish-price-list';
import { useRollbackPriceList } from '../api/rollback-price-list';
import { useUploadPriceList } from '../api/upload-price-list';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';
import { PriceListPreview } from './price-list-preview';
import { DownloadProgressView, UploadProgressView } from '../../../components/transfer-progress';
import type { TransferProgress } from '../../../lib/download-with-progress';

/** A price-list download: the bytes received of the file's size. */
function DownloadProgress({ progress, testId }: { progress: TransferProgress; testId: string }) {
  const { t } = useTranslation('provider');
  return (
    <DownloadProgressView
      progress={progress}
      label={t('priceList.downloadProgress.label')}
      text={(wording) => t(`priceList.downloadProgress.${wording.key}`, wording)}
      testId={testId}
    />
  );
}

const VERSIONS_PAGE_SIZE = 20;
/** The versions' search, order and page live in the address (see lib/list-state). */
const VERSIONS_STATE = { sorts: ['newest', 'oldest'] } as const;

/** The published versions, paged, sorted and searched on the server. */
function Versions() {
  const { t } = useTranslation('provider');
  const { state, update } = useListState(VERSIONS_STATE);
  const versions = usePriceListVersions({
    ...(state.q ? { q: state.q } : {}),
    ...(state.sort !== 'newest' ? { sort: state.sort } : {}),
    page: state.page,
    pageSize: VERSIONS_PAGE_SIZE,
  });
  if (versions.isError) return <LoadError onRetry={() => void versions.refetch()} />;
  if (versions.isPending) return <PageSkeleton />;
  if (versions.data.total === 0 && !state.q) return <Text>{t('versions.empty')}</Text>;
  const { items, total } = versions.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <ListSearchInput label={t('versions.search')} value={state.q} onSearch={(q) => update({ q })} />
        <Select
          label={t('versions.sort')}
          data={[
            { value: 'newest', label: t('versions.sortNewest') },
            { value: 'oldest', label: t('versions.sortOldest') },
          ]}
          value={state.sort}
          onChange={(value) => update({ sort: value === 'oldest' ? 'oldest' : 'newest' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <VersionsTable versions={items} total={total} />
      {items.length === 0 ? <Text data-testid="versions-no-match">{t('versions.noMatch')}</Text> : null}
      <ListPager
        total={total}
        pageSize={VERSIONS_PAGE_SIZE}
        page={state.page}
        onPage={(page) => update({ page })}
        label={t('versions.pages')}
      />
    </Stack>
  );
}

function VersionsTable({ versions, total }: { versions: PriceListVersion[]; total: number }) {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const download = useDownloadVersionFile();
  const rollback = useRollbackPriceList();
  const failure = (error: unknown) =>
    notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
  const undo = (id: number) => {
    rollback.mutate(id, {
      onSuccess: (version) => notify.success(t('versions.rolledBack', { id: version.id })),
      onError: failure,
    });
  };
  // One file at a time: the other rows' download buttons wait meanwhile.
  const downloading = download.isPending ? download.variables : null;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped data-testid="versions-table">
        <Table.Caption>{t('versions.caption', { count: total, formatted: formatInteger(total) })}</Table.Caption>
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
          {versions.map((version) => (
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
                    added: formatInteger(version.added),
                    changed: formatInteger(version.changed),
                    withdrawn: formatInteger(version.withdrawn),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    loading={downloading === version.id}
                    disabled={downloading !== null}
                    onClick={() => download.mutate(version.id, { onError: failure })}
                  >
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
                {downloading === version.id && download.progress ? (
                  <DownloadProgress progress={download.progress} testId="version-download-progress" />
                ) : null}
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
          {exportList.progress ? <DownloadProgress progress={exportList.progress} testId="export-progress" /> : null}
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
              disabled={upload.isPending}
              w={360}
            />
            <Button onClick={onUpload} disabled={!file} loading={upload.isPending}>
              {t('priceList.preview')}
            </Button>
          </Group>
          {upload.progress ? (
            <UploadProgressView
              progress={upload.progress}
              label={t('priceList.uploadProgress.label')}
              sending={(figures) => t('priceList.uploadProgress.sending', figures)}
              checking={t('priceList.uploadProgress.checking')}
              testId="price-list-upload-progress"
            />
          ) : null}
          {preview ? (
            <Stack gap="md">
              <PriceListPreview preview={preview} busy={upload.isPending} />
              <Group>
                <ConfirmButton
                  disabled={!preview.publishable || upload.isPending}
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
