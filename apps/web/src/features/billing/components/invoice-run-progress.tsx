import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceRunProgress as RunRecord } from '@leasing/contract';

/**
 * A run at work: its month, then how many employers of how many it has looked at, and the
 * invoices issued and employers skipped so far (the server's record, asked for every second).
 * Only the first line is announced; the counts change too often to be read out.
 */
export function InvoiceRunProgress({
  monthName,
  record,
  lost,
}: {
  monthName: string;
  record: RunRecord | null;
  /** The request's answer was lost: the run goes on at the server, its record is followed. */
  lost: boolean;
}) {
  const { t } = useTranslation('billing');
  const total = record?.employersTotal ?? null;
  const done = record?.employersDone ?? 0;
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="run-progress">
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" type="dots" />
        <Text size="sm">{t('run.running', { month: monthName })}</Text>
      </Group>
      {lost ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('run.lost')}
        </Text>
      ) : null}
      {total === null ? (
        <Text size="sm" c="dimmed">
          {t('run.counting')}
        </Text>
      ) : (
        <>
          <Progress value={percent} size="lg" aria-label={t('run.progressLabel')} animated={done < total} />
          <Text size="sm" data-testid="run-counts">
            {t('run.counts', {
              done,
              total,
              created: record?.createdCount ?? 0,
              skipped: record?.skippedCount ?? 0,
            })}
          </Text>
        </>
      )}
    </Stack>
  );
}
