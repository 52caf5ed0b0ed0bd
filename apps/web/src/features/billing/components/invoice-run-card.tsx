import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { InvoiceSummary } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { ConfirmButton } from '../../provider/components/confirm-button';
import { InvoiceRunEnded, useInvoiceRun } from '../api/invoice-run';
import { useDownloadDatevExport } from '../api/provider-billing';
import { currentMonth, formatMonth, monthOptions, shiftMonth } from '../months';
import { InvoiceRunProgress } from './invoice-run-progress';
import { InvoiceRunResult } from './invoice-run-result';

/** How far back the run's month picker reaches. */
const RUN_MONTHS = 24;

/**
 * The monthly run: a month (German names, the previous month first chosen, as the scheduled run
 * takes it), a confirmed start, how far the server has come while it works, then what it did; and
 * the month's DATEV export.
 */
export function InvoiceRunCard({
  onOpen,
  onRan,
}: {
  onOpen: (invoice: InvoiceSummary) => void;
  /** The run answered: the list below shows its month. */
  onRan: (month: string) => void;
}) {
  const { t } = useTranslation('billing');
  const notify = useNotify();
  const [month, setMonth] = useState(() => shiftMonth(currentMonth(), -1));
  const run = useInvoiceRun((answer) => onRan(answer.month));
  const datev = useDownloadDatevExport();
  const options = monthOptions(currentMonth(), RUN_MONTHS);

  const start = () => run.start(month);
  const exportMonth = () =>
    datev.mutate(month, {
      onError: (error) =>
        notify.error(
          isApiError(error) && error.status < 500 && error.status !== 404 ? error.message : t('run.exportError'),
        ),
    });
  const ranMonth = run.month ?? month;

  const failureText = (error: Error) =>
    error instanceof InvoiceRunEnded
      ? t(error.status === 'FAILED' ? 'run.endedFailed' : 'run.endedInterrupted')
      : isApiError(error) && error.status < 500
        ? error.message
        : t('common.retryLater');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-run-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="invoice-run-title">
            {t('run.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('run.intro')}
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('run.month')}
            data={options}
            value={month}
            onChange={(value) => {
              if (value) setMonth(value);
            }}
            allowDeselect={false}
            disabled={run.working}
            w={220}
            maw="100%"
          />
          <ConfirmButton
            loading={run.working}
            question={t('run.confirm', { month: formatMonth(month) })}
            confirmLabel={t('run.confirmButton')}
            onConfirm={start}
          >
            {t('run.start')}
          </ConfirmButton>
          <Button variant="default" loading={datev.isPending} onClick={exportMonth}>
            {t('run.export')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('run.exportHint')}
        </Text>
        {/* The wait and its outcome are announced; the result's tables are read on demand. */}
        <div aria-live="polite">
          {run.working ? (
            <InvoiceRunProgress monthName={formatMonth(ranMonth)} record={run.progress} lost={run.lost} />
          ) : null}
          {run.error ? (
            <Alert color="red" variant="light" title={t('run.failed')} role="alert">
              {failureText(run.error)}
            </Alert>
          ) : null}
        </div>
        {run.answer ? (
          <InvoiceRunResult answer={run.answer} monthName={formatMonth(run.answer.month)} onOpen={onOpen} />
        ) : null}
      </Stack>
    </Card>
  );
}
