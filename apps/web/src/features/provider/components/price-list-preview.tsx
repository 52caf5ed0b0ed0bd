import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PriceListPreview as Preview } from '@leasing/contract';

import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';

/** Long lists are cut here; the counts above them stay complete. */
const SHOWN = 200;

function More({ total }: { total: number }) {
  const { t } = useTranslation('provider');
  return total > SHOWN ? (
    <Text size="sm" c="dimmed">
      {t('priceList.more', { count: total - SHOWN })}
    </Text>
  ) : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Each changed column: from → to, as the file writes it. */
function Changes({ changes }: { changes: Preview['changed'][number]['changes'] }) {
  return changes.map((c) => (
    <Text key={c.column} size="sm">
      <Text span ff="monospace">
        {c.column}
      </Text>
      {`: ${c.from} → ${c.to}`}
    </Text>
  ));
}

/**
 * What publishing the uploaded file would do, and everything wrong with it. `busy`: the file is being
 * checked again, so this preview is about to be replaced; it stays in place, dimmed, so nothing jumps.
 */
export function PriceListPreview({ preview, busy = false }: { preview: Preview; busy?: boolean }) {
  const { t } = useTranslation('provider');
  const { counts } = preview;
  return (
    <Stack
      gap="md"
      data-testid="price-list-preview"
      aria-busy={busy || undefined}
      style={{ opacity: busy ? 0.55 : 1, transition: 'opacity 150ms' }}
    >
      <Group gap="xs">
        <Badge variant="light" color="ev" data-testid="preview-added">
          {t('priceList.counts.added', { count: counts.added })}
        </Badge>
        <Badge variant="light" color="blue" data-testid="preview-changed">
          {t('priceList.counts.changed', { count: counts.changed })}
        </Badge>
        {counts.changedVehicles > 0 ? (
          <Badge variant="light" color="blue" data-testid="preview-changed-vehicles">
            {t('priceList.counts.changedVehicles', { count: counts.changedVehicles })}
          </Badge>
        ) : null}
        <Badge variant="light" color="yellow" data-testid="preview-withdrawn">
          {t('priceList.counts.withdrawn', { count: counts.withdrawn })}
        </Badge>
        <Badge variant="light" color={counts.errors > 0 ? 'red' : 'gray'} data-testid="preview-errors">
          {t('priceList.counts.errors', { count: counts.errors })}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('priceList.counts.rows', {
            count: counts.rows,
            unchanged: counts.unchanged,
            vehicles: counts.newVehicles,
          })}
        </Text>
      </Group>
      {counts.errors > 0 ? (
        <Alert color="red" variant="light" title={t('priceList.errorsTitle')}>
          {t('priceList.errorsHint')}
        </Alert>
      ) : null}
      {preview.errors.length > 0 ? (
        <Section title={t('priceList.errors')}>
          <KeyboardScrollTable label={t('priceList.errors')} minWidth={560}>
            <Table striped data-testid="preview-error-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('priceList.row')}</Table.Th>
                  <Table.Th>{t('priceList.column')}</Table.Th>
                  <Table.Th>{t('priceList.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.errors.slice(0, SHOWN).map((error, index) => (
                  <Table.Tr key={`${String(error.row)}-${error.column}-${String(index)}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td ff="monospace">{error.column || '–'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
          <More total={counts.errors} />
        </Section>
      ) : null}
      {preview.changedVehicles.length > 0 ? (
        <Section title={t('priceList.changedVehicles')}>
          <KeyboardScrollTable label={t('priceList.changedVehicles')} minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('priceList.row')}</Table.Th>
                  <Table.Th>{t('priceList.vehicle')}</Table.Th>
                  <Table.Th>{t('priceList.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.changedVehicles.slice(0, SHOWN).map((change) => (
                  <Table.Tr key={change.vehicleId} data-testid="preview-changed-vehicle-row">
                    <Table.Td>{change.row}</Table.Td>
                    <Table.Td>{change.label}</Table.Td>
                    <Table.Td>
                      <Changes changes={change.changes} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
          <More total={counts.changedVehicles} />
        </Section>
      ) : null}
      {preview.changed.length > 0 ? (
        <Section title={t('priceList.changed')}>
          <KeyboardScrollTable label={t('priceList.changed')} minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('priceList.row')}</Table.Th>
                  <Table.Th>{t('priceList.package')}</Table.Th>
                  <Table.Th>{t('priceList.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.changed.slice(0, SHOWN).map((change) => (
                  <Table.Tr key={change.packageId} data-testid="preview-changed-row">
                    <Table.Td>{change.row}</Table.Td>
                    <Table.Td>{change.label}</Table.Td>
                    <Table.Td>
                      <Changes changes={change.changes} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
          <More total={counts.changed} />
        </Section>
      ) : null}
      {preview.added.length > 0 ? (
        <Section title={t('priceList.added')}>
          <Stack gap={2}>
            {preview.added.slice(0, SHOWN).map((added) => (
              <Text key={added.row} size="sm" data-testid="preview-added-row">
                {t('priceList.rowLabel', { row: added.row })} {added.label}
                {added.newVehicle ? (
                  <Badge ml="xs" size="xs" variant="light">
                    {t('priceList.newVehicle')}
                  </Badge>
                ) : null}
              </Text>
            ))}
          </Stack>
          <More total={counts.added} />
        </Section>
      ) : null}
      {preview.withdrawn.length > 0 ? (
        <Section title={t('priceList.withdrawn')}>
          <Stack gap={2}>
            {preview.withdrawn.slice(0, SHOWN).map((withdrawn) => (
              <Text key={withdrawn.packageId} size="sm">
                {withdrawn.label}
              </Text>
            ))}
          </Stack>
          <More total={counts.withdrawn} />
        </Section>
      ) : null}
    </Stack>
  );
}
