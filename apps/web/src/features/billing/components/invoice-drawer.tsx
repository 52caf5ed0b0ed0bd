import { Anchor, Button, Drawer, Group, Stack, Table } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { InvoiceDetail } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/use-notify';
import { DownloadProgressView } from '../../../components/transfer-progress';
import type { TransferProgress } from '../../../lib/download-with-progress';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDownloadInvoiceFile, useInvoice, type InvoiceFileKind } from '../api/invoices';
import type { BillingScope } from '../api/keys';
import { formatMonth } from '../months';
import { CreditNoteModal } from './credit-note-modal';
import { InvoiceStatusBadge, InvoiceTypeBadge } from './invoice-badges';
import { InvoiceLines } from './invoice-lines';
import { LoadError } from './load-error';

/** Long values may break anywhere (labels only between words): on a phone the drawer stays as wide as the screen. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

function Facts({ invoice, onOpen }: { invoice: InvoiceDetail; onOpen: (id: string) => void }) {
  const { t } = useTranslation('billing');
  const link = (target: { id: string; number: string }) => (
    <Anchor component="button" type="button" ff="monospace" onClick={() => onOpen(target.id)}>
      {target.number}
    </Anchor>
  );
  const rows: [string, ReactNode][] = [
    [t('detail.employer'), invoice.tenantName],
    [t('detail.month'), formatMonth(invoice.month)],
    [t('detail.issueDate'), formatDate(invoice.issueDate)],
    [t('detail.dueDate'), formatDate(invoice.dueDate)],
    [t('detail.format'), t(`formats.${invoice.format}`)],
    [t('detail.mailedAt'), invoice.mailedAt ? formatDateTime(invoice.mailedAt) : t('invoices.notMailed')],
  ];
  if (invoice.mailedWithFiles !== null) {
    rows.push([t('detail.delivery'), t(invoice.mailedWithFiles ? 'detail.deliveryAttached' : 'detail.deliveryPortal')]);
  }
  if (invoice.creditNoteOf) rows.push([t('detail.creditNoteOf'), link(invoice.creditNoteOf)]);
  if (invoice.creditedBy) rows.push([t('detail.creditedBy'), link(invoice.creditedBy)]);
  if (invoice.reason) rows.push([t('detail.reason'), invoice.reason]);
  return (
    <Table data-testid="invoice-facts">
      <Table.Caption>{t('detail.facts')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td style={BREAK_ANYWHERE}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The running download: its bytes of the file's size as a bar, or a busy sign while the size is unknown. */
function DownloadProgress({ progress }: { progress: TransferProgress }) {
  const { t } = useTranslation('billing');
  return (
    <DownloadProgressView
      progress={progress}
      label={t('detail.downloadProgress.label')}
      text={(wording) => t(`detail.downloadProgress.${wording.key}`, wording)}
      testId="invoice-download-progress"
    />
  );
}

function InvoiceBody({
  scope,
  invoice,
  onOpen,
}: {
  scope: BillingScope;
  invoice: InvoiceDetail;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('billing');
  const notify = useNotify();
  const download = useDownloadInvoiceFile();
  const [crediting, setCrediting] = useState(false);
  const downloading = download.isPending ? download.variables.kind : null;
  const startDownload = (kind: InvoiceFileKind) =>
    download.mutate(
      { scope, invoice, kind },
      { onError: () => notify.error(t('detail.downloadErrorText'), { title: t('detail.downloadError') }) },
    );
  // Only the provider credits, only an invoice in force, and only once.
  const creditable =
    scope === 'provider' && invoice.type === 'INVOICE' && invoice.status === 'ISSUED' && !invoice.creditedBy;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <InvoiceTypeBadge type={invoice.type} />
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Facts invoice={invoice} onOpen={onOpen} />
      <InvoiceLines invoice={invoice} />
      <Group gap="sm">
        <Button
          variant="default"
          loading={downloading === 'xml'}
          disabled={downloading === 'pdf'}
          onClick={() => startDownload('xml')}
        >
          {t('detail.downloadXml')}
        </Button>
        <Button
          variant="default"
          loading={downloading === 'pdf'}
          disabled={downloading === 'xml'}
          onClick={() => startDownload('pdf')}
        >
          {t('detail.downloadPdf')}
        </Button>
        {creditable ? (
          <Button color="red" variant="outline" onClick={() => setCrediting(true)}>
            {t('creditNote.create')}
          </Button>
        ) : null}
      </Group>
      {download.progress ? <DownloadProgress progress={download.progress} /> : null}
      {creditable ? (
        <CreditNoteModal
          invoice={invoice}
          opened={crediting}
          onClose={() => setCrediting(false)}
          onCreated={(creditNote) => {
            setCrediting(false);
            onOpen(creditNote.id);
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * One invoice or credit note with its lines and totals, the downloads (XML e-invoice, PDF) and, for the
 * provider, the credit note. A referenced document (credit note ↔ invoice) opens in its place.
 */
export function InvoiceDrawer({
  scope,
  invoiceId,
  onOpen,
  onClose,
}: {
  scope: BillingScope;
  invoiceId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const invoice = useInvoice(scope, invoiceId);
  const data = invoice.data;
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? t('detail.title', { type: t(`types.${data.type}`), number: data.number }) : t('detail.loading')}
    >
      {invoiceId === null ? null : invoice.isError ? (
        <LoadError onRetry={() => void invoice.refetch()} />
      ) : data ? (
        <InvoiceBody key={data.id} scope={scope} invoice={data} onOpen={onOpen} />
      ) : (
        <PageLoader />
      )}
    </Drawer>
  );
}
